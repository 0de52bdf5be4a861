import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { rememberInvitation, takeInvitation } from './pending-invitation';

describe('an invitation opened while signed out', () => {
  it('is gone back to once, after signing in', () => {
    const storage = new MemoryStorage();
    rememberInvitation('/invitation?token=Abc_123-xyz', storage);
    expect(takeInvitation(storage)).toBe('/invitation?token=Abc_123-xyz');
    expect(takeInvitation(storage)).toBeNull();
  });

  it('never leads anywhere but an invitation', () => {
    const storage = new MemoryStorage();
    for (const path of ['//evil.example/invitation?token=a', '/billing', 'https://evil.example', '/invitation?token=a&next=//evil.example']) {
      rememberInvitation(path, storage);
      expect(takeInvitation(storage)).toBeNull();
    }
    // Written by something else into the same key, it is still refused.
    storage.setItem('pendingInvitation', 'javascript:alert(1)');
    expect(takeInvitation(storage)).toBeNull();
  });
});

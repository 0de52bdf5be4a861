import { describe, expect, it } from 'vitest';
import { displayName } from './get-profile';

describe('the name the app greets a user by', () => {
  it('is the first name, else the e-mail address before its @', () => {
    expect(displayName({ firstname: 'Ada', username: 'ada.lovelace@example.com' })).toBe('Ada');
    expect(displayName({ firstname: '  ', username: 'ada.lovelace@example.com' })).toBe('ada.lovelace');
    expect(displayName({ firstname: null, username: 'ada.lovelace@example.com' })).toBe('ada.lovelace');
  });
});

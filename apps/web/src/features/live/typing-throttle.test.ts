import { describe, expect, it } from 'vitest';
import { typingThrottle } from './typing-throttle';

describe('typingThrottle', () => {
  it('lets one typing signal through every three seconds', () => {
    let now = 10_000;
    const signal = typingThrottle(() => now);
    expect(signal()).toBe(true);
    now += 1000;
    expect(signal()).toBe(false);
    now += 1999;
    expect(signal()).toBe(false);
    now += 1;
    expect(signal()).toBe(true);
  });
});

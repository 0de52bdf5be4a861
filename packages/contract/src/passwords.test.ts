import { describe, expect, it } from 'vitest';
import { newPasswordProblems, passwordStrength, weakPasswordReasons } from './passwords.js';

describe('password rules of product.md §5', () => {
  it.each([
    ['', 'none'],
    ['abc', 'notStrong'],
    ['abcdefgh', 'notStrong'],
    ['abcdefgH', 'normal'],
    ['abcdefH1', 'strong'],
    ['abcdeH1!', 'veryStrong'],
  ] as const)('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  it('asks for length, mixed case and a special character at registration', () => {
    expect(weakPasswordReasons('short')).toEqual(['at least 8 characters', 'upper and lower case letters', 'a special character']);
    expect(weakPasswordReasons('Longenough!')).toEqual([]);
  });

  it('asks a new password for a digit, no spaces and at most 100 characters', () => {
    expect(newPasswordProblems('Longenough!')).toEqual(['a digit']);
    expect(newPasswordProblems('Long enough1!')).toEqual(['no spaces']);
    expect(newPasswordProblems(`Aa1!${'x'.repeat(97)}`)).toEqual(['at most 100 characters']);
    expect(newPasswordProblems('Valid-Pass1')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { offeredValueProblem } from './offered-value-problem.js';

const input = (type: 'text' | 'number' | 'email' | 'phone' | 'date' | 'choice', required = true) => ({ type, required, choices: ['S', 'M'] });

describe('what is wrong with a value typed for an offered input', () => {
  it('names a missing required value and lets an optional one be empty', () => {
    expect(offeredValueProblem(input('text'), '  ')).toBe('required');
    expect(offeredValueProblem(input('number', false), '')).toBeNull();
  });

  it('names the type a value does not fit, and accepts one that does', () => {
    expect([offeredValueProblem(input('number'), '1042'), offeredValueProblem(input('number'), '10 42')]).toEqual([null, 'number']);
    expect([offeredValueProblem(input('email'), 'ana@example.com'), offeredValueProblem(input('email'), '@evil.example')]).toEqual([null, 'email']);
    expect([offeredValueProblem(input('phone'), '+34 600 123 456'), offeredValueProblem(input('phone'), 'call me')]).toEqual([null, 'phone']);
    expect([offeredValueProblem(input('date'), '2026-12-24'), offeredValueProblem(input('date'), 'Friday')]).toEqual([null, 'date']);
    expect(offeredValueProblem(input('date'), '2026-13-01')).toBe('date');
    expect([offeredValueProblem(input('choice'), 'M'), offeredValueProblem(input('choice'), 'XL')]).toEqual([null, 'choice']);
  });
});

import { describe, expect, it } from 'vitest';
import { canAddTest, sparkPatchSchema } from './sparks.js';

describe('Spark rules', () => {
  it('allows adding a test while 4 or fewer exist (product.md §5)', () => {
    expect([0, 1, 4].map(canAddTest)).toEqual([true, true, true]);
    expect([5, 6].map(canAddTest)).toEqual([false, false]);
  });

  it('patches only pin or a non-blank name', () => {
    expect(sparkPatchSchema.safeParse({ pin: true }).success).toBe(true);
    expect(sparkPatchSchema.safeParse({ name: ' Bot ' }).data).toEqual({ name: 'Bot' });
    expect(sparkPatchSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(sparkPatchSchema.safeParse({}).success).toBe(false);
    expect(sparkPatchSchema.safeParse({ pin: true, type: 'X' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { headerColour } from './theme-store';

describe('header colour (product.md §2)', () => {
  it('is green for tests, primary for menu screens and home, secondary for a Spark', () => {
    expect(headerColour('test')).toBe('bg-test');
    expect(headerColour('menu')).toBe('bg-primary');
    expect(headerColour('normal')).toBe('bg-secondary');
  });
});

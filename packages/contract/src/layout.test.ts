import { describe, expect, it } from 'vitest';
import { isDesktopWidth, recentsPageSize, testTabLabel } from './layout.js';

describe('layout rules of product.md §9', () => {
  it.each([
    [400, 1],
    [649, 1],
    [650, 2],
    [774, 2],
    [775, 3],
    [869, 3],
    [870, 4],
    [926, 4],
    [927, 5],
    [1400, 5],
  ])('a window %i px high pages recents by %i', (height, size) => {
    expect(recentsPageSize(height)).toBe(size);
  });

  it('switches to desktop at 1140 px', () => {
    expect(isDesktopWidth(1139.98)).toBe(false);
    expect(isDesktopWidth(1140)).toBe(true);
  });

  it('cuts test tab names over 10 characters to 8 plus an ellipsis', () => {
    expect(testTabLabel('Ten chars!')).toBe('Ten chars!');
    expect(testTabLabel('Eleven char')).toBe('Eleven c...');
  });
});

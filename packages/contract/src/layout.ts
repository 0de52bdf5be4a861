import { BREAKPOINTS, LIMITS } from './constants.js';

/** Recents page size by window height (product.md §9). */
export function recentsPageSize(windowHeight: number): number {
  if (windowHeight < 650) return 1;
  if (windowHeight < 775) return 2;
  if (windowHeight < 870) return 3;
  if (windowHeight < 927) return 4;
  return 5;
}

export function isDesktopWidth(width: number): boolean {
  return width >= BREAKPOINTS.desktop;
}

/** Test tab names over 10 characters show as 8 plus an ellipsis (product.md §2). */
export function testTabLabel(name: string): string {
  return name.length > LIMITS.testTabNameMax ? `${name.slice(0, LIMITS.testTabNameCut)}...` : name;
}

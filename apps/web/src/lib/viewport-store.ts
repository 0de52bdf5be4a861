import { isDesktopWidth } from '@sparks/contract/layout';
import { create } from 'zustand';

interface ViewportState {
  width: number;
  height: number;
  isDesktop: boolean;
}

const measure = (): ViewportState => ({
  width: window.innerWidth,
  height: window.innerHeight,
  isDesktop: isDesktopWidth(window.innerWidth),
});

/** Window size shared by every layout decision (desktop from 1140 px, product.md §9). */
export const useViewportStore = create<ViewportState>(() => measure());

window.addEventListener('resize', () => useViewportStore.setState(measure()));

import { STORAGE_KEYS } from '@sparks/contract/constants';
import { create } from 'zustand';
import { browserStorage } from './session-store';

/** product.md §4 theme modes: menu routes set menu, a Spark sets normal, a test sets test. */
export type ThemeMode = 'normal' | 'menu' | 'test';

interface ThemeState {
  mode: ThemeMode;
  activeSparkId: string | null;
  setMode(mode: ThemeMode): void;
  /** Remembers the active Spark in local storage and in a cookie, as the spec keeps it. */
  setActiveSpark(sparkId: string | null): void;
}

export const useTheme = create<ThemeState>((set) => ({
  mode: 'normal',
  activeSparkId: browserStorage()?.getItem(STORAGE_KEYS.activeSparkId) ?? null,
  setMode: (mode) => set({ mode }),
  setActiveSpark: (sparkId) => {
    const storage = browserStorage();
    if (sparkId) {
      storage?.setItem(STORAGE_KEYS.activeSparkId, sparkId);
      document.cookie = `${STORAGE_KEYS.activeSparkId}=${encodeURIComponent(sparkId)}; path=/; SameSite=Lax`;
    } else {
      storage?.removeItem(STORAGE_KEYS.activeSparkId);
      document.cookie = `${STORAGE_KEYS.activeSparkId}=; Max-Age=0; path=/`;
    }
    set({ activeSparkId: sparkId });
  },
}));

/** product.md §2 header colour: test is green, menu (home included) primary, otherwise secondary. */
export function headerColour(mode: ThemeMode): string {
  if (mode === 'test') return 'bg-test';
  if (mode === 'menu') return 'bg-primary';
  return 'bg-secondary';
}

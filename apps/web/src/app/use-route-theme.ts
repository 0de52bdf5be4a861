import { useEffect } from 'react';
import { useTheme, type ThemeMode } from '../lib/theme-store';

/** Sets the theme of product.md §4 for the route shown, and the active Spark when the route has one. */
export function useRouteTheme(mode: ThemeMode, sparkId?: string): void {
  const setMode = useTheme((state) => state.setMode);
  const setActiveSpark = useTheme((state) => state.setActiveSpark);
  useEffect(() => {
    setMode(mode);
    if (sparkId) setActiveSpark(sparkId);
  }, [mode, sparkId, setMode, setActiveSpark]);
}

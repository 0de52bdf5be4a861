import { useEffect, useState } from 'react';

/**
 * Keeps a flag true for `ms` after it turns false (product.md §9: the loading indicator stays 800 ms
 * after loading ends), so a fast answer does not flash the spinner on and off.
 */
export function useLingering(flag: boolean, ms: number): boolean {
  const [lingering, setLingering] = useState(flag);
  useEffect(() => {
    if (flag) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [flag, ms]);
  return flag || lingering;
}

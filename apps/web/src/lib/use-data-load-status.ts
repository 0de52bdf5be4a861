import { TIMINGS_MS } from '@sparks/contract/constants';
import { useEffect, useState } from 'react';
import { dataLoadStatus, type DataLoadState, type DataLoadStatus } from './data-load-status';

/** The data-load status of a query, re-evaluated when the 1 s success delay of product.md §4 runs out. */
export function useDataLoadStatus(state: DataLoadState, delayMs: number = TIMINGS_MS.dataLoadSuccessDelay): DataLoadStatus {
  const [now, setNow] = useState(() => Date.now());
  const status = dataLoadStatus(state, now, delayMs);
  const waitsFor = status === 'loading' && state.dataUpdatedAt > 0 ? state.dataUpdatedAt + delayMs : null;
  useEffect(() => {
    if (waitsFor === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, waitsFor - Date.now()));
    return () => clearTimeout(timer);
  }, [waitsFor]);
  return status;
}

export type DataLoadStatus = 'loading' | 'success' | 'error';

export interface DataLoadState {
  isPending: boolean;
  isError: boolean;
  /** When the data last arrived (epoch ms), 0 before it ever did. */
  dataUpdatedAt: number;
}

/**
 * product.md §4 data-load status: loading until data arrives, success only `delayMs` after it arrived
 * (so content settles before it is announced as loaded), error when the load failed.
 */
export function dataLoadStatus(state: DataLoadState, now: number, delayMs: number): DataLoadStatus {
  if (state.isError) return 'error';
  if (state.isPending || state.dataUpdatedAt === 0) return 'loading';
  return now - state.dataUpdatedAt >= delayMs ? 'success' : 'loading';
}

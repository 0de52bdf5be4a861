import { LIMITS, recentsPageSize, type Spark } from '@sparks/contract';

/** The word that unlocks deleting a Spark (product.md §5), typed exactly. */
export const DELETE_SPARK_WORD = 'Borrar';

export const canConfirmSparkDelete = (typed: string): boolean => typed === DELETE_SPARK_WORD;
export const canConfirmTestDelete = (typed: string, testName: string): boolean => typed === testName;

export interface SparkSections {
  pinned: Spark[];
  recents: Spark[];
}

/** Pinned Sparks (at most 4 shown) above the recents; both newest first as the list arrives. */
export function splitSparks(sparks: Spark[]): SparkSections {
  return {
    pinned: sparks.filter((spark) => spark.pin).slice(0, LIMITS.pinnedSparksShown),
    recents: sparks.filter((spark) => !spark.pin),
  };
}

export interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

/** Recents paginated by window height (product.md §9); the page is clamped into range. */
export function paginate<T>(items: T[], windowHeight: number, page: number): Page<T> {
  const size = recentsPageSize(windowHeight);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

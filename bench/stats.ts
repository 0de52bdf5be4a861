/** The nearest-rank percentile the benchmarks report (p in 0–100); NaN for no values. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Two decimals: what the tables and result files show. */
export const round = (value: number): number => Math.round(value * 100) / 100;

/** How long a run took, in the owner's language: milliseconds under a second, seconds with one decimal above. */
export function runDuration(ms: number, language: string): string {
  return ms < 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(ms / 1000);
}

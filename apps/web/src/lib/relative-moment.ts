const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago" in the owner's language for the last week (`justNow` under a minute); older moments as a date. */
export function relativeMoment(iso: string, language: string, now: number, justNow: string): string {
  const at = new Date(iso).getTime();
  const elapsed = now - at;
  if (elapsed < 7 * 86_400_000) {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    for (const [unit, size] of UNITS) if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
    return justNow;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

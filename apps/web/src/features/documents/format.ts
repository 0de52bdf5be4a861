/** A file size in the user's language: "350 kB", "2.4 MB". */
export function fileSizeLabel(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(bytes / 1024, bytes > 0 ? 0.1 : 0), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A moment in the user's language: "12 Mar 2026, 14:03". */
export function dateTimeLabel(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

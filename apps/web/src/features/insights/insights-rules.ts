import type { Insights } from '@sparks/contract';

/** Nothing happened in the period: the screen explains how visitors arrive instead of drawing zeros. */
export const isQuiet = (insights: Insights): boolean => insights.totals.conversations === 0 && insights.totals.questions === 0;

/** part / whole, or null when there is no whole to speak of (no answers, no votes). */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** The top of a chart's scale: the largest value rounded up to a round whole number (…, 20, 25, 30, 40, 50, 60, 80, 100, …), so the bars fill the chart. */
export function scaleTop(values: readonly number[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((factor) => factor * power).filter((step) => Number.isInteger(step));
  return steps.find((step) => step >= largest) ?? 10 * power;
}

/** The entry with the largest value (the first of equals), or undefined when every value is 0. */
export function peakOf<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  let peak: T | undefined;
  for (const item of items) if (value(item) > 0 && (peak === undefined || value(item) > value(peak))) peak = item;
  return peak;
}

/** A YYYY-MM-DD day as a date to format: midnight UTC, formatted in UTC, so no time zone moves it to another day. */
export const utcDay = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** A reply's opening salutation ("Hello Ana,", "Hola Ana:", "Dear Mr Ruiz,") and closing ("Best regards, Eva", "Un saludo"). */
const GREETING =
  /^(?:hello|hi|hey|dear|good (?:morning|afternoon|evening)|hola|buenos días|buenas(?: tardes| noches)?|estimad[oa]s?|querid[oa]s?)\b[^\n.!?,:]{0,40}(?:[,:!.]|\n)\s*/iu;
const CLOSING =
  /\n\s*(?:best(?: regards| wishes)?|kind regards|regards|thanks|thank you|cheers|all the best|un saludo|saludos(?: cordiales)?|atentamente|gracias|un abrazo)\b[^\n]*(?:\n[^\n]{0,60})?\s*$/iu;

/**
 * What the Spark should learn from a reply to one visitor: the reply without its salutation and
 * sign-off, which were meant for that visitor alone. The owner sees and edits it before it is saved.
 */
export function withoutGreeting(reply: string): string {
  const text = reply.trim().replace(GREETING, '').replace(CLOSING, '').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : reply.trim();
}

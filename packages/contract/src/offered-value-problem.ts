import type { OfferedInput } from './actions.js';

/** The server's checks of an input's value (apps/server modules/actions/action-values.ts), for a form to say what is wrong before sending. */
const VALID: Record<OfferedInput['type'], (value: string, input: Pick<OfferedInput, 'choices'>) => boolean> = {
  text: () => true,
  number: (value) => /^-?\d{1,15}(?:[.,]\d{1,6})?$/.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  phone: (value) => /^\+?[\d\s().-]{6,24}$/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value),
  choice: (value, input) => input.choices.includes(value),
};

/** What is wrong with a value typed for an offered input: missing, not of its type, or nothing (null). */
export function offeredValueProblem(input: Pick<OfferedInput, 'type' | 'required' | 'choices'>, value: string): 'required' | OfferedInput['type'] | null {
  const trimmed = value.trim();
  if (!trimmed) return input.required ? 'required' : null;
  return VALID[input.type](trimmed, input) ? null : input.type;
}

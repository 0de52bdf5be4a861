import type { OfferedInput } from './actions.js';

/** The checks of an input's value by its type: the server's before a run, and the forms' before sending. */
const VALID: Record<OfferedInput['type'], (value: string, input: Pick<OfferedInput, 'choices'>) => boolean> = {
  text: () => true,
  number: (value) => /^-?\d{1,15}(?:[.,]\d{1,6})?$/.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  phone: (value) => /^\+?[\d\s().-]{6,24}$/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
  choice: (value, input) => input.choices.includes(value),
};

/** What is wrong with a value typed for an offered input: missing, not of its type, or nothing (null). */
export function offeredValueProblem(input: Pick<OfferedInput, 'type' | 'required' | 'choices'>, value: string): 'required' | OfferedInput['type'] | null {
  const trimmed = value.trim();
  if (!trimmed) return input.required ? 'required' : null;
  return VALID[input.type](trimmed, input) ? null : input.type;
}

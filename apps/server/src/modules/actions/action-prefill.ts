import { z } from 'zod';
import type { ActionInput } from '@sparks/contract';

/** A message's words without the punctuation around them: "1042?" is 1042, "(ana@example.com)" an address. */
const tokensOf = (message: string): string[] =>
  message
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}+]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token.length > 0 && token.length <= 254);

/**
 * What the message already says of an action's inputs, so the visitor is not asked it again: an
 * e-mail address for an e-mail input, a date written as 2026-12-24 for a date input, and a number
 * for the one number input there is. Anything less certain is left for the visitor to fill in.
 */
export function prefilledValues(inputs: readonly ActionInput[], message: string): Record<string, string> {
  const tokens = tokensOf(message);
  const values: Record<string, string> = {};
  const first = (test: (token: string) => boolean) => tokens.find(test);
  const numbers = inputs.filter((input) => input.type === 'number');
  for (const input of inputs) {
    const found =
      input.type === 'email'
        ? first((token) => token.includes('@') && z.email().safeParse(token).success)
        : input.type === 'date'
          ? first((token) => /^\d{4}-\d{2}-\d{2}$/.test(token))
          : input.type === 'number' && numbers.length === 1
            ? first((token) => /^\d{1,15}$/.test(token))
            : input.type === 'choice'
              ? input.choices.find((choice) => tokens.some((token) => token.toLowerCase() === choice.toLowerCase()))
              : undefined;
    if (found) values[input.key] = found;
  }
  return values;
}

import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** Which refusals a screen words itself: an error code and the translation key that says it. */
export type RefusalWords = Readonly<Record<string, string>>;

/**
 * What a screen shows for a failed call: its own wording when the server's code is one it words,
 * the server's message otherwise (that message is already in the user's language or says what
 * the field check found).
 */
export function refusalText(error: unknown, words: RefusalWords, t: TFunction): string {
  const key = error instanceof ApiError && error.code ? words[error.code] : undefined;
  if (key) return t(key);
  return error instanceof Error ? error.message : String(error);
}

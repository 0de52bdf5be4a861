import { ERROR_CODES } from '@sparks/contract/error-codes';
import { AUTH_MESSAGES } from '@sparks/contract/messages';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

/** product.md §8: the server's messages map to translated ones; codes first, the spec's texts as a fallback. */
const BY_CODE: Record<string, string> = {
  [ERROR_CODES.USER_EXISTS]: 'errors.userExists',
  [ERROR_CODES.WEAK_PASSWORD]: 'errors.weakPassword',
  [ERROR_CODES.WRONG_CREDENTIALS]: 'errors.wrongCredentials',
  [ERROR_CODES.INVALID_CODE]: 'errors.invalidCode',
  [ERROR_CODES.ALREADY_VERIFIED]: 'errors.alreadyVerified',
  [ERROR_CODES.USER_NOT_FOUND]: 'errors.userNotFound',
  [ERROR_CODES.RATE_LIMITED]: 'errors.rateLimited',
  [ERROR_CODES.GRANT_INVALID]: 'errors.linkInvalid',
  [ERROR_CODES.VALIDATION_FAILED]: 'validation.invalidParams',
};

const BY_MESSAGE: Array<[(message: string) => boolean, string]> = [
  [(m) => m === AUTH_MESSAGES.userExists, 'errors.userExists'],
  [(m) => m.startsWith(AUTH_MESSAGES.weakPassword), 'errors.weakPassword'],
  [(m) => m === AUTH_MESSAGES.notVerified, 'errors.notVerified'],
  [(m) => m === AUTH_MESSAGES.userIsNotVerified, 'errors.userIsNotVerified'],
  [(m) => m === AUTH_MESSAGES.wrongCredentials, 'errors.wrongCredentials'],
  [(m) => m === AUTH_MESSAGES.invalidCode, 'errors.invalidCode'],
  [(m) => m === AUTH_MESSAGES.alreadyVerified, 'errors.alreadyVerified'],
  [(m) => m === AUTH_MESSAGES.userNotFound, 'errors.userNotFound'],
  [(m) => m === NETWORK_ERROR_MESSAGE, 'errors.network'],
];

export function authErrorMessage(error: unknown, t: TFunction): string {
  const message = error instanceof Error ? error.message : '';
  const byMessage = BY_MESSAGE.find(([matches]) => matches(message));
  // The two 'not verified' texts share a code, so the spec's exact text decides between them.
  if (byMessage) return t(byMessage[1]);
  const code = error instanceof ApiError ? error.code : undefined;
  return t(code && BY_CODE[code] ? BY_CODE[code] : 'errors.generic');
}

import { AUTH_MESSAGES, ERROR_CODES } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';

/** The spec's client recognises these texts (product.md §8), so they are sent exactly as written there. */
export const accountErrors = {
  userExists: () => new AppError(400, ERROR_CODES.USER_EXISTS, AUTH_MESSAGES.userExists),
  usernameNotEmail: () => new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'body.username: must be the same e-mail address as body.email'),
  weakPassword: (needs: string[]) => new AppError(400, ERROR_CODES.WEAK_PASSWORD, `${AUTH_MESSAGES.weakPassword}: it needs ${needs.join(', ')}`),
  notVerified: () => new AppError(400, ERROR_CODES.NOT_VERIFIED, AUTH_MESSAGES.notVerified),
  wrongCredentials: () => new AppError(400, ERROR_CODES.WRONG_CREDENTIALS, AUTH_MESSAGES.wrongCredentials),
  invalidCode: () => new AppError(400, ERROR_CODES.INVALID_CODE, AUTH_MESSAGES.invalidCode),
  alreadyVerified: () => new AppError(400, ERROR_CODES.ALREADY_VERIFIED, AUTH_MESSAGES.alreadyVerified),
  userNotFound: () => new AppError(400, ERROR_CODES.USER_NOT_FOUND, AUTH_MESSAGES.userNotFound),
  invalidGrant: (what: string) => new AppError(401, ERROR_CODES.GRANT_INVALID, `${what} is invalid or has expired`),
};

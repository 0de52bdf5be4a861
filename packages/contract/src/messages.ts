/*
 * Zod-free modules (this one, constants, layout, passwords, plans, error-codes) are also
 * importable by subpath, so the web app's first screen does not download the schema library.
 */

/** Messages of product.md §8 the client's catalogue maps; sent verbatim. */
export const AUTH_MESSAGES = {
  userExists: 'User already exists',
  weakPassword: 'password is not strong enough',
  notVerified: 'User not verify',
  wrongCredentials: 'Wrong user or password',
  invalidCode: 'Invalid verification code',
  alreadyVerified: 'User alredy verify',
  userNotFound: 'User not found',
  userIsNotVerified: 'User is not verified',
  noRefreshToken: 'No refresh token available',
} as const;

import argon2 from 'argon2';

/** OWASP's Argon2id baseline: 19 MiB, 2 passes; about 30 ms here, far too slow to guess at scale. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (no such user, or a social-only account)
 * it still spends the same work on a dummy hash, so timing does not tell whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-never-matches');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

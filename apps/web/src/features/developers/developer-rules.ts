import type { ApiKey } from '@sparks/contract';
import type { RefusalWords } from '../../lib/refusal-text';

/** A key's state as its list shows it. */
export function keyState(key: ApiKey, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && new Date(key.expiresAt).getTime() <= now ? 'expired' : 'active';
}

/** The refusals the developers screen words in the user's language; any other shows the server's own words. */
export const DEVELOPERS_REFUSALS: RefusalWords = {
  LIMIT_REACHED: 'developers.errors.limit',
  FORBIDDEN: 'developers.errors.forbidden',
};

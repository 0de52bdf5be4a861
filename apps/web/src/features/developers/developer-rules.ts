import type { ApiKey } from '@sparks/contract';
import { ApiError } from '../../lib/api-client';

/** A key's state as its list shows it. */
export function keyState(key: ApiKey, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && new Date(key.expiresAt).getTime() <= now ? 'expired' : 'active';
}

/** The translation key of a refusal the screen words itself; undefined: the server's message is shown. */
export function developersErrorKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'LIMIT_REACHED') return 'developers.errors.limit';
  if (error.code === 'FORBIDDEN') return 'developers.errors.forbidden';
  return undefined;
}

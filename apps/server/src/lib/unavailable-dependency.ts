/** Node's errors for a peer that went away or a disk with no room left. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** node-postgres reports a dropped or refused connection in words, without a code. */
const POOL_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

export type Unavailable = 'database' | 'storage';

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * Tells a failure of what the server depends on (the database restarting, the disk full) from a
 * defect: the first is answered 503 "try again", and the server recovers without a restart.
 */
export function unavailableDependency(error: unknown): Unavailable | undefined {
  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    if (STORAGE_CODES.has(code)) return 'storage';
    // SQLSTATE class 08 (connection exception) and 57P01–57P03 (server shutting down or starting).
    if (NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return 'database';
    if (typeof cause.message === 'string' && POOL_MESSAGES.test(cause.message)) return 'database';
  }
  return undefined;
}

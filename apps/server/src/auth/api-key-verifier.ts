import { API_KEY_PREFIX } from '@sparks/contract';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { apiKeys, memberships, tenants } from '../db/schema.js';
import { sha256 } from '../lib/secrets.js';
import type { ApiKeyCaller } from './api-key-caller.js';

const USED_EVERY_MS = 60_000;
const USED_REMEMBERED = 10_000;

/** Whether a bearer credential is an API key rather than a session's access token. */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/**
 * Finds the key a secret belongs to (docs/decisions/0043): only a hash is stored, looked up by its
 * unique index. A revoked or expired key, or one whose creator is no longer a member of its
 * account, is no key at all. Its "last used" is written at most once a minute per instance.
 */
export class ApiKeyVerifier {
  private readonly lastNoted = new Map<string, number>();

  constructor(private readonly db: Db) {}

  async verify(secret: string): Promise<ApiKeyCaller | null> {
    const now = new Date();
    const [row] = await this.db
      .select({
        keyId: apiKeys.id,
        tenantId: apiKeys.tenantId,
        userId: apiKeys.createdBy,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        sparkIds: apiKeys.sparkIds,
        tenantStatus: tenants.status,
      })
      .from(apiKeys)
      .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
      .innerJoin(memberships, and(eq(memberships.tenantId, apiKeys.tenantId), eq(memberships.userId, apiKeys.createdBy)))
      .where(and(eq(apiKeys.secretHash, sha256(secret)), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
      .limit(1);
    if (!row?.userId) return null;
    await this.noteUsed(row.keyId, now);
    return { ...row, userId: row.userId };
  }

  private async noteUsed(keyId: string, now: Date): Promise<void> {
    if (now.getTime() - (this.lastNoted.get(keyId) ?? 0) < USED_EVERY_MS) return;
    if (this.lastNoted.size >= USED_REMEMBERED) this.lastNoted.clear();
    this.lastNoted.set(keyId, now.getTime());
    await this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
  }
}

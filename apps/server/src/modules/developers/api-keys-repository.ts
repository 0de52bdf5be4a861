import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { apiKeys, users } from '../../db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { creatorEmail: string | null };
export type NewApiKey = typeof apiKeys.$inferInsert;

const inUse = (now: Date) => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

/** An account's API keys; every read names the tenant. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  async ofTenant(tenantId: string): Promise<ApiKeyRow[]> {
    const rows = await this.db
      .select({ key: apiKeys, creatorEmail: users.email })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.tenantId, tenantId))
      .orderBy(desc(apiKeys.createdAt));
    return rows.map(({ key, creatorEmail }) => ({ ...key, creatorEmail }));
  }

  async inUse(tenantId: string, now = new Date()): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, tenantId), inUse(now)));
    return row?.count ?? 0;
  }

  async insert(key: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(key).returning();
    const [creator] = key.createdBy ? await this.db.select({ email: users.email }).from(users).where(eq(users.id, key.createdBy)).limit(1) : [];
    return { ...row!, creatorEmail: creator?.email ?? null };
  }

  /** Revokes a key of the tenant that is not revoked yet; whether one was. */
  async revoke(tenantId: string, keyId: string): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }
}

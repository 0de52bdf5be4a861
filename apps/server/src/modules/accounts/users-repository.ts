import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import type { Role } from '@sparks/contract';
import { memberships, tenants, userIdentities, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string | null;
  language: string;
  verified: boolean;
  customerId: string;
  trialEndsAt: Date;
  /** The provider account this user signs in with, created in the same transaction. */
  identity?: { issuer: string; subject: string; email: string | null };
}

export { isUniqueViolation } from '../../db/sql-results.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The user and their first tenant in one transaction: an account never exists without its tenant. */
  async createAccount(account: NewAccount): Promise<UserRow> {
    return this.db.transaction((tx) => insertAccount(tx, account));
  }

  /** The accounts holding an address, as login name or as e-mail: two rows at most, one for each. */
  async holdersOf(address: string): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(or(eq(users.username, address), eq(users.email, address)));
  }

  /**
   * Removes the given never-verified accounts (created before `createdBefore`) and creates the new
   * one in the same transaction. Undefined when one of them was verified or replaced meanwhile:
   * the caller answers as for a taken address, and nothing is changed.
   */
  async replacePending(ids: string[], createdBefore: Date, account: NewAccount): Promise<UserRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        if (ids.length > 0) {
          const removed = await tx
            .delete(users)
            .where(and(inArray(users.id, ids), isNull(users.verifiedAt), lte(users.createdAt, createdBefore)))
            .returning({ id: users.id });
          if (removed.length !== ids.length) throw new HoldersChanged();
        }
        return insertAccount(tx, account);
      });
    } catch (error) {
      if (error instanceof HoldersChanged) return undefined;
      throw error;
    }
  }

  /**
   * Deletes up to `batch` never-verified accounts created before `cutoff` and answers their ids.
   * Their tenants, codes and sessions go with them through ON DELETE CASCADE; a tenant has one
   * owner, so nothing another account uses is touched.
   */
  async deletePendingCreatedBefore(cutoff: Date, batch: number): Promise<string[]> {
    const due = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.verifiedAt), lt(users.createdAt, cutoff)))
      .limit(batch);
    // The outer condition is checked again: an account verified since the inner read stays.
    const removed = await this.db
      .delete(users)
      .where(and(inArray(users.id, due), isNull(users.verifiedAt)))
      .returning({ id: users.id });
    return removed.map((row) => row.id);
  }

  /** Accounts whose login name is an e-mail address other than their own (made before registration required them equal). */
  async withForeignUsername(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.username} like '%@%'`, sql`lower(${users.username}) <> lower(${users.email})`))
      .orderBy(asc(users.createdAt));
    return rows.map((row) => row.id);
  }

  async findByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  }

  /** The accounts a user belongs to, with their role in each, oldest membership first. */
  async tenantsOf(userId: string): Promise<Array<TenantRow & { role: Role; account: string; handoffEmails: boolean }>> {
    const owners = alias(users, 'owners');
    const rows = await this.db
      .select({
        tenant: tenants,
        role: memberships.role,
        handoffEmails: memberships.handoffEmails,
        email: owners.email,
        firstname: owners.firstname,
        lastname: owners.lastname,
      })
      .from(memberships)
      .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .innerJoin(owners, eq(owners.id, tenants.ownerId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt));
    return rows.map((row) => ({
      ...row.tenant,
      role: row.role as Role,
      handoffEmails: row.handoffEmails,
      account: [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email,
    }));
  }

  /** False when the account is gone (a pending one replaced or expired) or was verified already. */
  async markVerified(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ verifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.verifiedAt)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async update(userId: string, values: Partial<Pick<UserRow, 'firstname' | 'lastname' | 'phone' | 'language' | 'passwordHash'>>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
}

/** Thrown inside a replacement to roll it back when the rows it meant to remove have changed. */
class HoldersChanged extends Error {}

async function insertAccount(db: Db, account: NewAccount): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      passwordHash: account.passwordHash,
      language: account.language,
      verifiedAt: account.verified ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  const [tenant] = await db
    .insert(tenants)
    .values({ ownerId: user.id, customerId: account.customerId, trialEndsAt: account.trialEndsAt })
    .returning({ id: tenants.id });
  await db.insert(memberships).values({ tenantId: tenant!.id, userId: user.id, role: 'owner' });
  if (account.identity) await db.insert(userIdentities).values({ userId: user.id, ...account.identity });
  return user;
}

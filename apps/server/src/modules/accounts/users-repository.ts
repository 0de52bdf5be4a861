import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { tenants, userIdentities, users } from '../../db/schema.js';

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
    return this.db.transaction(async (tx) => {
      const [user] = await tx
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
      await tx.insert(tenants).values({ ownerId: user.id, customerId: account.customerId, trialEndsAt: account.trialEndsAt });
      if (account.identity) await tx.insert(userIdentities).values({ userId: user.id, ...account.identity });
      return user;
    });
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

  async tenantsOf(userId: string): Promise<TenantRow[]> {
    return this.db.select().from(tenants).where(eq(tenants.ownerId, userId)).orderBy(asc(tenants.createdAt));
  }

  async markVerified(userId: string): Promise<void> {
    await this.db.update(users).set({ verifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async update(userId: string, values: Partial<Pick<UserRow, 'firstname' | 'lastname' | 'phone' | 'language' | 'passwordHash'>>): Promise<void> {
    await this.db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}

import type { Role } from '@sparks/contract';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit.js';
import type { Db } from '../../db/database.js';
import { invitations, memberships, sessions, tenants, users } from '../../db/schema.js';

export interface MemberRow {
  userId: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  role: Role;
  joinedAt: Date;
  lastActiveAt: Date | null;
}

export type InvitationRow = typeof invitations.$inferSelect;

const memberColumns = {
  userId: memberships.userId,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  lastActiveAt: memberships.lastActiveAt,
};

const open = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reissue = { tokenHash: string; expiresAt: Date; role?: Role; language?: string };

async function seatsTaken(db: Db | Tx, tenantId: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.tenantId, tenantId));
  const [pending] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), open(), gt(invitations.expiresAt, new Date())));
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

const reissueIn = (db: Db | Tx, tenantId: string, id: string, values: Reissue) =>
  db
    .update(invitations)
    .set({ ...values, sentAt: new Date() })
    .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), open()))
    .returning();

/** The rows of an account's team: memberships, invitations and the sessions they govern. */
export class TeamRepository {
  constructor(private readonly db: Db) {}

  async members(tenantId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.tenantId, tenantId))
      .orderBy(asc(memberships.createdAt));
    return rows.map((row) => ({ ...row, role: row.role as Role }));
  }

  async member(tenantId: string, userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
      .limit(1);
    return row ? { ...row, role: row.role as Role } : undefined;
  }

  /** Sets a member's role; false when they are no longer a member. The owner's row is never touched here. */
  async setRole(tenantId: string, userId: string, role: Role): Promise<boolean> {
    const rows = await this.db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), sql`${memberships.role} <> 'owner'`))
      .returning({ userId: memberships.userId });
    return rows.length === 1;
  }

  /**
   * Removes a member and ends the sessions that acted for the account: those that chose it, and,
   * when it was the person's only account, all of theirs. In one transaction; false when they were
   * not a member (or are the owner, who is never removed).
   */
  async remove(tenantId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), sql`${memberships.role} <> 'owner'`))
        .returning({ userId: memberships.userId });
      if (removed.length === 0) return false;
      const [left] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
      const acting = left && left.n > 0 ? eq(sessions.tenantId, tenantId) : sql`true`;
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'removed from account' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), acting));
      return true;
    });
  }

  /** Members and invitations still open and unexpired: the seats taken. */
  seatsUsed(tenantId: string): Promise<number> {
    return seatsTaken(this.db, tenantId);
  }

  /**
   * An invitation created (or an expired one sent again) only while a seat is free, in one
   * transaction under the account's seat lock, so two invitations at once cannot both take the last
   * seat. 'full' when none is free; undefined when the write found nothing to do (an invitation to
   * the same address opened meanwhile, or this one closed).
   */
  async inviteWithinSeats(
    tenantId: string,
    limit: number | null,
    write: { create: typeof invitations.$inferInsert } | { reissue: string; values: Reissue },
  ): Promise<InvitationRow | undefined | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seats:${tenantId}`}, 0))`);
      if (limit !== null && (await seatsTaken(tx, tenantId)) >= limit) return 'full';
      if ('create' in write) return (await tx.insert(invitations).values(write.create).onConflictDoNothing().returning())[0];
      return (await reissueIn(tx, tenantId, write.reissue, write.values))[0];
    });
  }

  async openInvitations(tenantId: string): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, tenantId), open()))
      .orderBy(asc(invitations.createdAt));
  }

  async openInvitation(tenantId: string, id: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), open()))
      .limit(1);
    return row;
  }

  async openInvitationFor(tenantId: string, email: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, tenantId), eq(invitations.email, email), open()))
      .limit(1);
    return row;
  }

  async isMemberByEmail(tenantId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), eq(users.email, email)))
      .limit(1);
    return row !== undefined;
  }

  /** A new secret and a new expiry for an open invitation: the old link stops working. */
  async reissue(tenantId: string, id: string, values: Reissue): Promise<InvitationRow | undefined> {
    return (await reissueIn(this.db, tenantId, id, values))[0];
  }

  async revoke(tenantId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), open()))
      .returning({ id: invitations.id });
    return rows.length === 1;
  }

  async invitationByToken(tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /**
   * Uses an invitation once: marks it accepted and makes the user a member, and the session act for
   * the account, in one transaction. Undefined when it was used, withdrawn or expired meanwhile.
   */
  async accept(invitation: InvitationRow, userId: string, sessionId: string): Promise<{ tenantId: string; role: Role } | undefined> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(invitations)
        .set({ acceptedAt: new Date() })
        // The link used must still be the invitation's: a resend meanwhile gave it another.
        .where(and(eq(invitations.id, invitation.id), eq(invitations.tokenHash, invitation.tokenHash), open(), gt(invitations.expiresAt, new Date())))
        .returning({ tenantId: invitations.tenantId, role: invitations.role });
      if (!taken) return undefined;
      // Already a member (invited twice, or by two people): the role they hold stays.
      await tx.insert(memberships).values({ tenantId: taken.tenantId, userId, role: taken.role }).onConflictDoNothing();
      const [held] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.tenantId, taken.tenantId), eq(memberships.userId, userId)));
      await tx.update(sessions).set({ tenantId: taken.tenantId }).where(eq(sessions.id, sessionId));
      await recordAudit(tx, { tenantId: taken.tenantId, actorUserId: userId, kind: 'member.joined', detail: { role: held!.role } });
      return { tenantId: taken.tenantId, role: held!.role as Role };
    });
  }

  /** Makes a session act for one of its user's accounts; false when the user is no member of it. */
  async switchTo(userId: string, sessionId: string, tenantId: string): Promise<boolean> {
    const [member] = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
      .limit(1);
    if (!member) return false;
    await this.db
      .update(sessions)
      .set({ tenantId })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return true;
  }

  /**
   * Passes ownership: the owner becomes an admin, the member the owner, and the account's billing
   * owner follows, in one transaction (the one-owner index allows no moment with two). False when
   * the member is not one of the account's.
   */
  async transfer(tenantId: string, fromUserId: string, toUserId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, toUserId)))
        .limit(1);
      if (!target) return false;
      const demoted = await tx
        .update(memberships)
        .set({ role: 'admin' })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, fromUserId), eq(memberships.role, 'owner')))
        .returning({ userId: memberships.userId });
      // Passed on already (two transfers at once): the caller is no longer the owner.
      if (demoted.length === 0) return false;
      await tx
        .update(memberships)
        .set({ role: 'owner' })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, toUserId)));
      await tx.update(tenants).set({ ownerId: toUserId }).where(eq(tenants.id, tenantId));
      return true;
    });
  }

  /** Whether the account pays for a plan now: it is cancelled in Billing before the account can go. */
  async paying(tenantId: string): Promise<boolean> {
    const [row] = await this.db.select({ plan: tenants.planSlug, subscription: tenants.subscriptionId }).from(tenants).where(eq(tenants.id, tenantId));
    return row !== undefined && row.plan !== 'free' && row.subscription !== null;
  }

  /**
   * Deletes the account and all it holds (its rows cascade), and the owner's user when it was their
   * only account; answers the members it had, whose sessions for it end.
   */
  async deleteAccount(tenantId: string, ownerId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const members = await tx.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.tenantId, tenantId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'account deleted' })
        .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
      await tx.delete(tenants).where(eq(tenants.id, tenantId));
      const [left] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.userId, ownerId));
      if (!left || left.n === 0) await tx.delete(users).where(eq(users.id, ownerId));
      return members.map((member) => member.userId);
    });
  }

  async setHandoffEmails(tenantId: string, userId: string, handoffEmails: boolean): Promise<void> {
    await this.db
      .update(memberships)
      .set({ handoffEmails })
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  }

  /** The owner of an account, for how an invitation names it. */
  async ownerOf(tenantId: string): Promise<{ email: string; firstname: string | null; lastname: string | null } | undefined> {
    const [row] = await this.db
      .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
      .from(tenants)
      .innerJoin(users, eq(users.id, tenants.ownerId))
      .where(eq(tenants.id, tenantId))
      .limit(1);
    return row;
  }

  async user(userId: string): Promise<{ email: string; firstname: string | null; lastname: string | null; language: string } | undefined> {
    const [row] = await this.db
      .select({ email: users.email, firstname: users.firstname, lastname: users.lastname, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }
}

import {
  DAY_MS,
  ERROR_CODES,
  INVITATION_DAYS,
  type AssignableRole,
  type Invitation,
  type InvitationPreview,
  type InviteBody,
  type Language,
  type Member,
  type Role,
  type Team,
} from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CallerSession } from '../../auth/caller.js';
import type { EndedSessions } from '../../auth/session-ends.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { invitationEmail } from './invitation-email.js';
import { TeamRepository, type InvitationRow, type MemberRow } from './team-repository.js';

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  sessionEnds: { announce(ended: EndedSessions): Promise<void> };
  /** The account's seats under its plan; null: no limit. */
  seatsOf(tenantId: string): Promise<number | null>;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const INVITATION_MS = INVITATION_DAYS * DAY_MS;

const nameOf = (person: { email: string; firstname: string | null; lastname: string | null }): string =>
  [person.firstname, person.lastname].filter(Boolean).join(' ') || person.email;

const memberView = (row: MemberRow, callerId: string): Member => ({
  userId: row.userId,
  email: row.email,
  name: [row.firstname, row.lastname].filter(Boolean).join(' ') || null,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  you: row.userId === callerId,
});

const invitationView = (row: InvitationRow, now = Date.now()): Invitation => ({
  _id: row.id,
  email: row.email,
  role: row.role as Role,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now,
});

const notFound = (what: string) => new AppError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);

/**
 * An account as a team (docs/decisions/0038): who belongs with which role, the invitations that
 * bring people in, and the account a session acts for. Whoever calls it was admitted by the access
 * policy; what it checks is about the people involved (the owner stays, nobody changes their own
 * role, an invitation works once for the address it was sent to).
 */
export class TeamService {
  private readonly team: TeamRepository;

  constructor(private readonly deps: TeamDeps) {
    this.team = new TeamRepository(deps.db);
  }

  async list(caller: CallerSession): Promise<Team> {
    const [members, invitations, used, limit] = await Promise.all([
      this.team.members(caller.tenantId),
      this.team.openInvitations(caller.tenantId),
      this.team.seatsUsed(caller.tenantId),
      this.deps.seatsOf(caller.tenantId),
    ]);
    return {
      members: members.map((row) => memberView(row, caller.userId)),
      invitations: invitations.map((row) => invitationView(row)),
      seats: { used, limit },
    };
  }

  /** Invites an address with a role; inviting an address already invited sends it a new link instead. */
  async invite(caller: CallerSession, body: InviteBody): Promise<Invitation> {
    if (await this.team.isMemberByEmail(caller.tenantId, body.email)) {
      throw new AppError(409, ERROR_CODES.CONFLICT, 'This person is already a member of the team.');
    }
    const existing = await this.team.openInvitationFor(caller.tenantId, body.email);
    const inviter = await this.team.user(caller.userId);
    const language = (body.language ?? inviter?.language ?? 'en') as Language;
    const token = randomToken();
    const values = { tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_MS), role: body.role, language };
    // An open invitation keeps its seat; a new one, or one sent again after it expired, takes one.
    const row = !existing
      ? await this.withinSeats(caller.tenantId, { create: { tenantId: caller.tenantId, email: body.email, invitedBy: caller.userId, ...values } })
      : existing.expiresAt.getTime() <= Date.now()
        ? await this.withinSeats(caller.tenantId, { reissue: existing.id, values })
        : await this.team.reissue(caller.tenantId, existing.id, values);
    if (!row) throw new AppError(409, ERROR_CODES.CONFLICT, 'This person was just invited: the invitation is on its way.');
    await this.send(caller, row, token);
    return invitationView(row);
  }

  async resend(caller: CallerSession, invitationId: string): Promise<Invitation> {
    const existing = await this.team.openInvitation(caller.tenantId, invitationId);
    if (!existing) throw notFound('Invitation');
    const token = randomToken();
    const values = { tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_MS) };
    // An expired invitation gave its seat back: sending it again takes one.
    const row =
      existing.expiresAt.getTime() <= Date.now()
        ? await this.withinSeats(caller.tenantId, { reissue: invitationId, values })
        : await this.team.reissue(caller.tenantId, invitationId, values);
    if (!row) throw notFound('Invitation');
    await this.send(caller, row, token);
    return invitationView(row);
  }

  async revoke(caller: CallerSession, invitationId: string): Promise<void> {
    if (!(await this.team.revoke(caller.tenantId, invitationId))) throw notFound('Invitation');
  }

  async setRole(caller: CallerSession, userId: string, role: AssignableRole): Promise<Member> {
    const member = await this.memberToChange(caller, userId, 'change your own role');
    if (member.role !== role) {
      if (!(await this.team.setRole(caller.tenantId, userId, role))) throw notFound('Member');
      // What they had open under the old role ends; their next request is read with the new one.
      await this.deps.sessionEnds.announce({ userId, tenantId: caller.tenantId });
    }
    return memberView({ ...member, role }, caller.userId);
  }

  async remove(caller: CallerSession, userId: string): Promise<void> {
    await this.memberToChange(caller, userId, 'remove yourself');
    if (!(await this.team.remove(caller.tenantId, userId))) throw notFound('Member');
    await this.deps.sessionEnds.announce({ userId, tenantId: caller.tenantId });
  }

  /** The owner passes the account to another member and stays on as an admin. */
  async transfer(caller: CallerSession, userId: string): Promise<Team> {
    if (userId === caller.userId) throw new AppError(409, ERROR_CODES.CONFLICT, 'You own this account already.');
    if (!(await this.team.transfer(caller.tenantId, caller.userId, userId))) throw notFound('Member');
    // Both now hold another role: what they had open under the old one ends.
    await this.deps.sessionEnds.announce({ userId: caller.userId, tenantId: caller.tenantId });
    await this.deps.sessionEnds.announce({ userId, tenantId: caller.tenantId });
    return this.list(caller);
  }

  /**
   * Deletes the account, once its owner typed their own address and no plan is being paid for; the
   * members' sessions for it end. The caller removes its files (they are not the database's).
   */
  async deleteAccount(caller: CallerSession, confirm: string): Promise<void> {
    const owner = await this.team.user(caller.userId);
    if (!owner || confirm !== owner.email) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'Type your e-mail address to delete the account.');
    if (await this.team.paying(caller.tenantId)) {
      throw new AppError(409, ERROR_CODES.CONFLICT, 'Cancel the plan in Billing first: an account that is paid for cannot be deleted.');
    }
    const members = await this.team.deleteAccount(caller.tenantId, caller.userId);
    for (const userId of members) await this.deps.sessionEnds.announce({ userId, tenantId: caller.tenantId });
  }

  /** What the invitation page shows: who invites, to which account, as what. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.usable(token);
    const [inviter, owner] = await Promise.all([
      invitation.invitedBy ? this.team.user(invitation.invitedBy) : undefined,
      this.team.ownerOf(invitation.tenantId),
    ]);
    return {
      invitedBy: inviter ? nameOf(inviter) : owner ? nameOf(owner) : '',
      account: owner ? nameOf(owner) : '',
      email: invitation.email,
      role: invitation.role as Role,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** Joins the signed-in user to the invitation's account, once, if it was sent to their address; the session then acts for it. */
  async accept(caller: CallerSession, token: string): Promise<{ tenantId: string; role: Role }> {
    const invitation = await this.usable(token);
    const user = await this.team.user(caller.userId);
    if (!user || user.email !== invitation.email) {
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.');
    }
    const joined = await this.team.accept(invitation, caller.userId, caller.sessionId);
    if (!joined) throw new AppError(410, ERROR_CODES.INVITATION_INVALID, 'This invitation can no longer be used. Ask for a new one.');
    return joined;
  }

  /** Makes the caller's session act for another account they belong to. */
  async switchTo(caller: CallerSession, tenantId: string): Promise<void> {
    if (!(await this.team.switchTo(caller.userId, caller.sessionId, tenantId))) throw notFound('Account');
  }

  /** The caller's own choice of e-mails in the account they act for. */
  async setHandoffEmails(caller: CallerSession, handoffEmails: boolean): Promise<{ handoffEmails: boolean }> {
    await this.team.setHandoffEmails(caller.tenantId, caller.userId, handoffEmails);
    return { handoffEmails };
  }

  private async usable(token: string): Promise<InvitationRow> {
    const invitation = await this.team.invitationByToken(sha256(token));
    if (!invitation) throw new AppError(410, ERROR_CODES.INVITATION_INVALID, 'This invitation link is not valid. Ask for a new one.');
    if (invitation.acceptedAt) throw new AppError(410, ERROR_CODES.INVITATION_INVALID, 'This invitation has already been used.');
    if (invitation.revokedAt) throw new AppError(410, ERROR_CODES.INVITATION_INVALID, 'This invitation was withdrawn. Ask for a new one.');
    if (invitation.expiresAt.getTime() <= Date.now())
      throw new AppError(410, ERROR_CODES.INVITATION_INVALID, 'This invitation has expired. Ask for a new one.');
    return invitation;
  }

  private async memberToChange(caller: CallerSession, userId: string, yourself: string): Promise<MemberRow> {
    if (userId === caller.userId) throw new AppError(409, ERROR_CODES.CONFLICT, `You cannot ${yourself}.`);
    const member = await this.team.member(caller.tenantId, userId);
    if (!member) throw notFound('Member');
    if (member.role === 'owner') throw new AppError(409, ERROR_CODES.CONFLICT, 'The owner stays the owner: ownership passes only by a transfer.');
    return member;
  }

  /** An invitation written only while the plan has a seat for it (402 when all are taken), counted and written under one lock. */
  private async withinSeats(tenantId: string, write: Parameters<TeamRepository['inviteWithinSeats']>[2]): Promise<InvitationRow | undefined> {
    const limit = await this.deps.seatsOf(tenantId);
    const row = await this.team.inviteWithinSeats(tenantId, limit, write);
    if (row === 'full')
      throw new AppError(402, ERROR_CODES.LIMIT_REACHED, `Your plan includes ${limit} seats, and all are taken. Choose a bigger plan to invite more people.`);
    return row;
  }

  private async send(caller: CallerSession, invitation: InvitationRow, token: string): Promise<void> {
    const [inviter, owner] = await Promise.all([this.team.user(caller.userId), this.team.ownerOf(caller.tenantId)]);
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/invitation?token=${encodeURIComponent(token)}`;
    const names = { inviter: inviter ? nameOf(inviter) : '', account: owner ? nameOf(owner) : '', role: invitation.role as Role };
    try {
      await this.deps.mailer.send(invitationEmail(invitation.email, link, invitation.language as Language, names));
    } catch (error) {
      // The invitation stands; "Resend" sends it again.
      this.deps.log.error({ err: error, invitationId: invitation.id }, 'invitation e-mail could not be sent');
    }
  }
}

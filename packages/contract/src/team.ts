import { z } from 'zod';
import { emailSchema, languageSchema, plainText } from './auth.js';
import { dataEnvelope } from './envelope.js';
import { ASSIGNABLE_ROLES, ROLES } from './team-roles.js';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

const roleSchema = z.enum(ROLES);
const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: `must be one of ${ASSIGNABLE_ROLES.join(', ')}` });

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
  /** The member is the caller. */
  you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  /** Members and open invitations against the plan's seats; `limit` null: no limit. */
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type Team = z.infer<typeof teamSchema>;
export const teamResponseSchema = dataEnvelope(teamSchema);

export const inviteBodySchema = z.object({ email: emailSchema, role: assignableRoleSchema, language: languageSchema.optional() }).strict();
export type InviteBody = z.infer<typeof inviteBodySchema>;
export const invitationResponseSchema = dataEnvelope(invitationSchema);

export const memberPatchSchema = z.object({ role: assignableRoleSchema }).strict();
export const memberResponseSchema = dataEnvelope(memberSchema);

/** The secret of an invitation's link: URL-safe base64 of 32 random bytes. */
export const invitationTokenSchema = plainText().pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be an invitation link'));

/** What the invitation page shows before the invitee accepts. */
export const invitationPreviewSchema = z.object({
  /** Who invited (their name or e-mail) and to whose account. */
  invitedBy: z.string(),
  account: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = dataEnvelope(invitationPreviewSchema);

export const joinedResponseSchema = dataEnvelope(z.object({ tenantId: z.string(), role: roleSchema }));

export const switchAccountBodySchema = z.object({ tenantId: z.uuid({ error: 'must be an account id' }) }).strict();

/** A member's own choices in the account they act for. */
export const myMembershipBodySchema = z.object({ handoffEmails: z.boolean() }).strict();
export type MyMembershipBody = z.infer<typeof myMembershipBodySchema>;
export const myMembershipResponseSchema = dataEnvelope(myMembershipBodySchema);

export const transferBodySchema = z.object({ userId: z.uuid({ error: 'must be a member id' }) }).strict();

/** Deleting the account: the owner types their own e-mail address to say they mean it. */
export const deleteAccountBodySchema = z.object({ confirm: plainText().pipe(z.string().trim().toLowerCase().max(254)) }).strict();

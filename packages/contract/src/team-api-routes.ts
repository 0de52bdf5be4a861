import { z } from 'zod';
import { auditExportQuerySchema, auditPageResponseSchema, auditQuerySchema } from './audit.js';
import { userResponseSchema } from './auth.js';
import { deletedResponse, route } from './api-route.js';
import {
  invitationPreviewResponseSchema,
  invitationResponseSchema,
  invitationTokenSchema,
  inviteBodySchema,
  joinedResponseSchema,
  memberPatchSchema,
  memberResponseSchema,
  myMembershipBodySchema,
  myMembershipResponseSchema,
  switchAccountBodySchema,
  deleteAccountBodySchema,
  teamResponseSchema,
  transferBodySchema,
} from './team.js';

// The account as a team: its members, the invitations that bring people in, and switching between accounts.

const memberParams = z.object({ userId: z.uuid({ error: 'must be a member id' }) });
const invitationParams = z.object({ invitationId: z.uuid({ error: 'must be an invitation id' }) });
const tokenParams = z.object({ token: invitationTokenSchema });

export const teamRoute = route('team', { status: 200, response: teamResponseSchema });
export const inviteMemberRoute = route('inviteMember', { status: 201, body: inviteBodySchema, response: invitationResponseSchema });
export const resendInvitationRoute = route('resendInvitation', { status: 200, params: invitationParams, response: invitationResponseSchema });
export const revokeInvitationRoute = route('revokeInvitation', { status: 200, params: invitationParams, response: deletedResponse });
export const updateMemberRoute = route('updateMember', { status: 200, params: memberParams, body: memberPatchSchema, response: memberResponseSchema });
export const removeMemberRoute = route('removeMember', { status: 200, params: memberParams, response: deletedResponse });
export const invitationPreviewRoute = route('invitationPreview', { status: 200, params: tokenParams, response: invitationPreviewResponseSchema });
export const acceptInvitationRoute = route('acceptInvitation', { status: 200, params: tokenParams, response: joinedResponseSchema });
export const switchAccountRoute = route('switchAccount', { status: 200, body: switchAccountBodySchema, response: userResponseSchema });

export const auditLogRoute = route('auditLog', { status: 200, query: auditQuerySchema, response: auditPageResponseSchema });
export const exportAuditRoute = route('exportAudit', { status: 200, query: auditExportQuerySchema, response: z.string().describe('text/csv, streamed') });
export const updateMyMembershipRoute = route('updateMyMembership', { status: 200, body: myMembershipBodySchema, response: myMembershipResponseSchema });
export const transferOwnershipRoute = route('transferOwnership', { status: 200, body: transferBodySchema, response: teamResponseSchema });
export const deleteAccountRoute = route('deleteAccount', { status: 200, body: deleteAccountBodySchema, response: deletedResponse });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const TEAM_API_ROUTES = {
  team: teamRoute,
  inviteMember: inviteMemberRoute,
  resendInvitation: resendInvitationRoute,
  revokeInvitation: revokeInvitationRoute,
  updateMember: updateMemberRoute,
  removeMember: removeMemberRoute,
  invitationPreview: invitationPreviewRoute,
  acceptInvitation: acceptInvitationRoute,
  switchAccount: switchAccountRoute,
  auditLog: auditLogRoute,
  exportAudit: exportAuditRoute,
  updateMyMembership: updateMyMembershipRoute,
  transferOwnership: transferOwnershipRoute,
  deleteAccount: deleteAccountRoute,
};

import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';
import { tenantFilesPrefix } from '../../storage/file-storage.js';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 410, 429);
const secured = { tags: ['team'], security: [{ bearer: [] }] };

/** Invitations sent by one account in an hour, and by one address: what a team needs, never a mail relay. */
const INVITATIONS_PER_HOUR = 20;
const INVITATIONS_PER_IP_PER_HOUR = 40;

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { team, profiles } = app.services;
  const hour = 60 * 60_000;
  const sending = [
    limit(app, {
      name: 'invitations',
      max: INVITATIONS_PER_HOUR,
      windowMs: hour,
      by: (request) => request.auth?.tenantId,
      message: (s) => `Too many invitations. Please wait ${s} seconds.`,
    }),
    limit(app, {
      name: 'invitations-ip',
      max: INVITATIONS_PER_IP_PER_HOUR,
      windowMs: hour,
      by: 'ip',
      message: (s) => `Too many invitations. Please wait ${s} seconds.`,
    }),
  ];
  const tokens = limit(app, { name: 'invitation-links', max: 30, windowMs: 60_000, by: 'ip', message: (s) => `Too many attempts. Please wait ${s} seconds.` });

  app.get(
    API_ROUTES.team.path,
    { schema: { ...secured, summary: 'Members, open invitations and seats', ...routeSchema(API_ROUTES.team, errors) } },
    async (request) => ({
      data: await team.list(request.callerSession),
    }),
  );

  app.post(
    API_ROUTES.inviteMember.path,
    { preHandler: sending, schema: { ...secured, summary: 'Invite a person by e-mail with a role', ...routeSchema(API_ROUTES.inviteMember, errors) } },
    async (request, reply) => reply.status(201).send({ data: await team.invite(request.callerSession, request.body) }),
  );

  app.post(
    API_ROUTES.resendInvitation.path,
    { preHandler: sending, schema: { ...secured, summary: 'Send an invitation again, with a new link', ...routeSchema(API_ROUTES.resendInvitation, errors) } },
    async (request) => ({ data: await team.resend(request.callerSession, request.params.invitationId) }),
  );

  app.delete(
    API_ROUTES.revokeInvitation.path,
    { schema: { ...secured, summary: 'Withdraw an invitation: its link stops working', ...routeSchema(API_ROUTES.revokeInvitation, errors) } },
    async (request) => {
      await team.revoke(request.callerSession, request.params.invitationId);
      return { data: { deleted: true as const } };
    },
  );

  app.patch(
    API_ROUTES.updateMember.path,
    { schema: { ...secured, summary: "Change a member's role", ...routeSchema(API_ROUTES.updateMember, errors) } },
    async (request) => ({
      data: await team.setRole(request.callerSession, request.params.userId, request.body.role),
    }),
  );

  app.delete(
    API_ROUTES.removeMember.path,
    { schema: { ...secured, summary: 'Remove a member from the account', ...routeSchema(API_ROUTES.removeMember, errors) } },
    async (request) => {
      await team.remove(request.callerSession, request.params.userId);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    API_ROUTES.invitationPreview.path,
    {
      preHandler: tokens,
      schema: { tags: ['team'], summary: 'What an invitation link offers, before it is accepted', ...routeSchema(API_ROUTES.invitationPreview, errors) },
    },
    async (request) => ({ data: await team.preview(request.params.token) }),
  );

  app.post(
    API_ROUTES.acceptInvitation.path,
    {
      preHandler: tokens,
      schema: { ...secured, summary: 'Join the account of an invitation sent to your address', ...routeSchema(API_ROUTES.acceptInvitation, errors) },
    },
    async (request) => ({ data: await team.accept(request.callerSession, request.params.token) }),
  );

  app.post(
    API_ROUTES.transferOwnership.path,
    {
      schema: {
        ...secured,
        summary: 'Pass the account to another member; the owner stays on as an admin',
        ...routeSchema(API_ROUTES.transferOwnership, errors),
      },
    },
    async (request) => ({ data: await team.transfer(request.callerSession, request.body.userId) }),
  );

  app.delete(
    API_ROUTES.deleteAccount.path,
    {
      schema: {
        ...secured,
        summary: 'Delete the account and all it holds (the owner, with their address typed)',
        ...routeSchema(API_ROUTES.deleteAccount, errors),
      },
    },
    async (request) => {
      const { tenantId } = request.callerSession;
      await team.deleteAccount(request.callerSession, request.body.confirm);
      // The rows went in one transaction; the account's files follow.
      await app.fileStorage.removePrefix(tenantFilesPrefix(tenantId));
      return { data: { deleted: true as const } };
    },
  );

  app.patch(
    API_ROUTES.updateMyMembership.path,
    {
      schema: {
        ...secured,
        summary: 'Your own choices in the account: the e-mails when a visitor asks for a person',
        ...routeSchema(API_ROUTES.updateMyMembership, errors),
      },
    },
    async (request) => ({ data: await team.setHandoffEmails(request.callerSession, request.body.handoffEmails) }),
  );

  app.post(
    API_ROUTES.switchAccount.path,
    { schema: { ...secured, summary: 'Act for another account you belong to', ...routeSchema(API_ROUTES.switchAccount, errors) } },
    async (request) => {
      await team.switchTo(request.callerSession, request.body.tenantId);
      return { data: await profiles.get(request.caller.userId, request.body.tenantId) };
    },
  );
};

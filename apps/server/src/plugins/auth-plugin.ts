import { ERROR_CODES } from '@sparks/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from '../auth/access-tokens.js';
import { bearerToken } from '../auth/bearer-token.js';
import type { Caller, CallerSession } from '../auth/caller.js';
import { sessionIsOpen } from '../auth/live-sessions.js';
import { sessions, tenants, users } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Hook (onRequest, before the body is read or validated) that admits only a live session's access token and sets request.auth. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: CallerSession | null;
    /** The signed-in caller of a route behind `authenticate`; reading it elsewhere is a 401, never a crash. */
    readonly caller: Caller;
    /** The caller with their session, for what must end with it (an open live stream); a 401 outside `authenticate` too. */
    readonly callerSession: CallerSession;
  }
}

export const authPlugin = fp(
  async (app) => {
    const tokens = new AccessTokens(app.config.jwtSecret, app.config.accessTokenTtlSeconds);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('auth', null);
    app.decorateRequest('caller', {
      getter(this: FastifyRequest): Caller {
        if (!this.auth) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'Please log in to continue.');
        return { tenantId: this.auth.tenantId, userId: this.auth.userId };
      },
    });
    app.decorateRequest('callerSession', {
      getter(this: FastifyRequest): CallerSession {
        if (!this.auth) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'Please log in to continue.');
        return { ...this.auth };
      },
    });

    const stillOpenWhenInactive = (request: FastifyRequest): boolean => {
      const route = request.routeOptions.url ?? '';
      return /^\/api\/v1\/(billing\/|prices$|auth\/)/.test(route) || (route === '/api/v1/account/profile' && request.method === 'GET');
    };

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'Please log in to continue.');
      const claims = await tokens.verify(token);
      // A signed token is not enough: its session must still be live (logout, reset and replay revoke it).
      const [row] = await app.database.db
        .select({ tenantId: tenants.id, status: tenants.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(tenants, eq(tenants.ownerId, users.id))
        .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), sessionIsOpen()))
        .orderBy(asc(tenants.createdAt))
        .limit(1);
      if (!row) throw new AppError(403, ERROR_CODES.TOKEN_INVALID, 'Your session has expired. Please log in again.');
      // product.md §6: an inactive tenant is blocked everywhere but billing, its profile (for the modal) and logging out.
      if (row.status === 'inactive' && !stillOpenWhenInactive(request)) {
        throw new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This account is inactive. Choose a plan in Billing to continue.');
      }
      request.auth = { userId: claims.userId, sessionId: claims.sessionId, tenantId: row.tenantId };
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);

import { ERROR_CODES, roleAllows, type Role } from '@sparks/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from '../auth/access-tokens.js';
import type { ApiKeyCaller } from '../auth/api-key-caller.js';
import { ApiKeyVerifier, isApiKey } from '../auth/api-key-verifier.js';
import { bearerToken } from '../auth/bearer-token.js';
import type { Caller, CallerSession } from '../auth/caller.js';
import { actingOrder, actsFor, sessionIsOpen } from '../auth/live-sessions.js';
import { memberships, sessions, tenants } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Hook (onRequest, before the body is read or validated) that admits only a live session's access token and sets request.auth. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: CallerSession | null;
    /** The API key a request was made with (docs/decisions/0043); null for a member's session. */
    apiKey: ApiKeyCaller | null;
    /** The signed-in caller of a route behind `authenticate`; reading it elsewhere is a 401, never a crash. */
    readonly caller: Caller;
    /** The caller with their session, for what must end with it (an open live stream); a 401 outside `authenticate` too. */
    readonly callerSession: CallerSession;
  }
}

const ACTIVE_EVERY_MS = 60_000;
const ACTIVE_REMEMBERED = 10_000;

export const authPlugin = fp(
  async (app) => {
    const tokens = new AccessTokens(app.config.jwtSecret, app.config.accessTokenTtlSeconds);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKey', null);
    app.decorateRequest('caller', {
      getter(this: FastifyRequest): Caller {
        const who = this.auth ?? this.apiKey;
        if (!who) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'Please log in to continue.');
        return { tenantId: who.tenantId, userId: who.userId };
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
      // A member may also go to another account, join one, or (the owner) delete this one.
      if (route === '/api/v1/account/switch' || route === '/api/v1/invitations/:token/accept' || route === '/api/v1/team/account') return true;
      return /^\/api\/v1\/(billing\/|prices$|auth\/)/.test(route) || (route === '/api/v1/account/profile' && request.method === 'GET');
    };

    // A member's "last active" in the team list: written at most once a minute per member and instance, not on every request.
    const lastNoted = new Map<string, number>();
    const noteActive = async (tenantId: string, userId: string): Promise<void> => {
      const key = `${tenantId} ${userId}`;
      const now = Date.now();
      if (now - (lastNoted.get(key) ?? 0) < ACTIVE_EVERY_MS) return;
      if (lastNoted.size >= ACTIVE_REMEMBERED) lastNoted.clear();
      lastNoted.set(key, now);
      await app.database.db
        .update(memberships)
        .set({ lastActiveAt: new Date(now) })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
    };

    app.decorate('authenticate', async (request: FastifyRequest) => {
      // The access policy authenticates before a route's own hooks do: once is enough.
      if (request.auth || request.apiKey) return;
      const token = bearerToken(request);
      if (!token) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'Please log in to continue.');
      const claims = await tokens.verify(token);
      // A signed token is not enough: its session must still be live (logout, reset and replay revoke it), and its
      // user still a member of the account it acts for (a removed member's next request is refused).
      const [row] = await app.database.db
        .select({ tenantId: tenants.id, status: tenants.status, role: memberships.role })
        .from(sessions)
        .innerJoin(memberships, eq(memberships.userId, sessions.userId))
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), sessionIsOpen(), actsFor()))
        .orderBy(actingOrder())
        .limit(1);
      if (!row) throw new AppError(403, ERROR_CODES.TOKEN_INVALID, 'Your session has expired. Please log in again.');
      // product.md §6: an inactive tenant is blocked everywhere but billing, its profile (for the modal) and logging out.
      if (row.status === 'inactive' && !stillOpenWhenInactive(request)) {
        throw new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This account is inactive. Choose a plan in Billing to continue.');
      }
      request.auth = { userId: claims.userId, sessionId: claims.sessionId, tenantId: row.tenantId, role: row.role as Role };
      await noteActive(row.tenantId, claims.userId);
    });

    const keys = new ApiKeyVerifier(app.database.db);
    const keyLimit = app.createRateLimit({
      max: app.config.apiKeyRequestsPerMinute,
      timeWindow: 60_000,
      allowList: () => false,
      keyGenerator: (request) => `api-key:${request.apiKey?.keyId ?? ''}`,
    });
    const keyRefused = (message: string) => new AppError(403, ERROR_CODES.API_KEY_NOT_ALLOWED, message);

    // An API key (docs/decisions/0043) opens only the routes that declare a scope, only with that scope, only for its Sparks, and
    // only so often a minute; every answer to a key says how much of the minute is left.
    const admitKey = async (request: FastifyRequest, reply: FastifyReply, secret: string): Promise<void> => {
      const scope = request.routeOptions.config.keyScope;
      if (!scope) throw keyRefused('API keys cannot call this route: it is for members signed in to Sparks.');
      const key = await keys.verify(secret);
      if (!key) throw new AppError(401, ERROR_CODES.API_KEY_INVALID, 'This API key is not valid: it is unknown, revoked or expired.');
      request.apiKey = key;
      const budget = await keyLimit(request);
      // The limit's allow-list admits nothing, so every answer counts.
      if (budget.isAllowed) return;
      const resetSeconds = Math.max(1, Math.ceil(budget.ttl / 1000));
      void reply.header('RateLimit-Limit', budget.max).header('RateLimit-Remaining', Math.max(0, budget.remaining)).header('RateLimit-Reset', resetSeconds);
      if (budget.isExceeded) {
        void reply.header('Retry-After', resetSeconds);
        throw new AppError(429, ERROR_CODES.RATE_LIMITED, `Too many requests with this API key. Please wait ${resetSeconds} seconds and try again.`);
      }
      if (key.tenantStatus === 'inactive')
        throw new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This account is inactive. Choose a plan in Billing to continue.');
      if (!key.scopes.includes(scope)) throw keyRefused(`This API key does not have the "${scope}" scope this route needs.`);
      const sparkId = (request.params as { sparkId?: unknown }).sparkId;
      if (key.sparkIds && !(typeof sparkId === 'string' && key.sparkIds.includes(sparkId))) throw keyRefused('This API key may not use this Spark.');
    };

    // The policy (docs/decisions/0038): after the security hooks, before the body is read. A member's route authenticates the
    // caller and asks their role for the permission the route declares; visitors' and public routes check their own credentials.
    app.addHook('onRequest', async (request, reply) => {
      // No route matched: the not-found answer needs no caller.
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      if (access === 'public' || access === 'visitor') return;
      const token = bearerToken(request);
      if (token && isApiKey(token)) return admitKey(request, reply, token);
      await app.authenticate(request, reply);
      if (access === 'signed-in') return;
      if (!access || !roleAllows(request.callerSession.role, access)) {
        throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Your role in this account does not allow this.');
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'database', 'route-access'] },
);

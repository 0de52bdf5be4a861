import { IDEMPOTENCY } from '@sparks/contract';
import fp from 'fastify-plugin';
import type { RouteAudit } from '../audit/route-audit.js';
import { recordAudit } from '../audit/record-audit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's success puts in the audit log (`audit/route-audit.ts`). */
    audit?: RouteAudit;
  }
}

/** Ids in an address are the log's subject; the rest of it (a visitor token) is not. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit log's one hook (docs/decisions/0038): when a member's request to a route that declares
 * an audit kind has succeeded, the event is written with who, the address's ids and the body's
 * naming fields, before the answer leaves, so whoever reads the log next finds it. A failure to
 * write is logged, never the request's.
 */
export const auditPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.apiKey;
      // Every request a key makes is logged (docs/decisions/0043): a change as its own kind, anything else as a use.
      const audit = request.routeOptions.config.audit ?? (key ? { kind: 'api-key.used' as const } : undefined);
      const who = request.auth ?? key;
      // A write sent again with its Idempotency-Key changed nothing: its first answer was logged.
      if (!audit || !who || reply.statusCode >= 400 || reply.hasHeader(IDEMPOTENCY.replayedHeader)) return payload;
      const detail: Record<string, string> = {};
      for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>))
        if (typeof value === 'string' && ID.test(value)) detail[name] = value;
      const body = (request.body ?? {}) as Record<string, unknown>;
      for (const name of audit.keep ?? []) if (typeof body[name] === 'string') detail[name] = body[name];
      if (key) Object.assign(detail, { key: key.prefix, route: `${request.method} ${request.routeOptions.url ?? ''}` });
      try {
        await recordAudit(app.database.db, { tenantId: who.tenantId, actorUserId: who.userId, kind: audit.kind, detail });
      } catch (error) {
        request.log.warn({ err: error, kind: audit.kind }, 'an audit event could not be written');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['database', 'auth'] },
);

import { ERROR_CODES, IDEMPOTENCY } from '@sparks/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotentRequests } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { sha256 } from '../lib/secrets.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY.maxChars}}$`);

/**
 * Idempotency keys on the API's writes (docs/decisions/0043): a write a key may make, sent with
 * `Idempotency-Key`, is answered once; the same key again within a day gets that answer back,
 * with `Idempotent-Replayed: true`, and changes nothing more. The same key with another request is
 * refused, as is one whose first request is still being handled. A streamed answer or a server
 * failure is not kept: sending it again runs it again.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const db = app.database.db;
    const owned = new WeakMap<FastifyRequest, { tenantId: string; key: string }>();

    app.addHook('preHandler', async (request, reply) => {
      const given = request.headers[IDEMPOTENCY.header];
      const who = request.auth ?? request.apiKey;
      if (given === undefined || !who || !WRITES.has(request.method) || !request.routeOptions.config.keyScope) return;
      if (typeof given !== 'string' || !KEY.test(given))
        throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `headers.idempotency-key: must be 1 to ${IDEMPOTENCY.maxChars} printable characters`);
      // A form's body is read by its route: its length stands for it.
      const body = request.isMultipart() ? `form:${request.headers['content-length'] ?? ''}` : JSON.stringify(request.body ?? null);
      const fingerprint = sha256(`${request.method} ${request.url} ${body}`);
      const { tenantId } = who;
      await db
        .delete(idempotentRequests)
        .where(and(eq(idempotentRequests.tenantId, tenantId), lt(idempotentRequests.createdAt, new Date(Date.now() - IDEMPOTENCY.hours * 3_600_000))));
      const [claimed] = await db
        .insert(idempotentRequests)
        .values({ tenantId, key: given, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      if (claimed) {
        owned.set(request, { tenantId, key: given });
        return;
      }
      const [first] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.tenantId, tenantId), eq(idempotentRequests.key, given)))
        .limit(1);
      if (!first || first.fingerprint !== fingerprint)
        throw new AppError(409, ERROR_CODES.CONFLICT, 'This Idempotency-Key was sent with another request: use a new key for a new request.');
      if (first.status === null)
        throw new AppError(409, ERROR_CODES.CONFLICT, 'The first request with this Idempotency-Key is still being handled. Try again shortly.');
      return reply.code(first.status).header(IDEMPOTENCY.replayedHeader, 'true').type('application/json; charset=utf-8').send(first.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = owned.get(request);
      if (!claim) return payload;
      owned.delete(request);
      const where = and(eq(idempotentRequests.tenantId, claim.tenantId), eq(idempotentRequests.key, claim.key));
      const kept = typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : null;
      if (kept === null || reply.statusCode >= 500) await db.delete(idempotentRequests).where(where);
      else await db.update(idempotentRequests).set({ status: reply.statusCode, body: kept }).where(where);
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['database', 'auth'] },
);

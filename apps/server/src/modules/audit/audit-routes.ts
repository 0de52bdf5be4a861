import { Readable } from 'node:stream';
import { auditLogRoute, exportAuditRoute, type AuditEvent } from '@sparks/contract';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403);
const secured = { tags: ['team'], security: [{ bearer: [] }] };

/** One line of the file per event: when, who, what, and its details as name=value. */
const line = (event: AuditEvent) => ({
  time: event.at,
  person: event.actor.email ?? '',
  kind: event.kind,
  details: Object.entries(event.detail)
    .map(([name, value]) => `${name}=${value}`)
    .join('; '),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auditLog } = app.services;

  app.get(auditLogRoute.path, { schema: { ...secured, summary: 'The audit log, newest first', ...routeSchema(auditLogRoute, errors) } }, async (request) => ({
    data: await auditLog.page(request.caller.tenantId, request.query),
  }));

  app.get(
    exportAuditRoute.path,
    { schema: { ...secured, summary: 'The audit log as a CSV file, streamed', ...routeSchema(exportAuditRoute, errors) } },
    async (request, reply) => {
      // The log as it stood when the export began: its own event (written as the answer starts) is the next file's.
      const rows = Readable.from(auditLog.all(request.caller.tenantId, request.query, new Date())).map(line);
      reply.header('content-disposition', 'attachment; filename="sparks-audit-log.csv"').header('cache-control', 'no-store');
      reply.type('text/csv; charset=utf-8');
      // Addresses and names are people's words: a cell starting with = + - @ is a formula to a spreadsheet, so it is escaped.
      const csv = rows.pipe(stringify({ header: true, columns: ['time', 'person', 'kind', 'details'], bom: true, escape_formulas: true }));
      // Fastify sends a stream as it is; the schema's string only documents the body.
      return reply.send(csv as unknown as string);
    },
  );
};

import { Readable } from 'node:stream';
import { exportConversationsRoute, type ExportedMessage } from '@sparks/contract';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404);
const COLUMNS: Array<keyof ExportedMessage> = ['conversationId', 'channel', 'time', 'role', 'text', 'citations', 'feedback'];

/** The rows as one JSON array, written as they come. */
async function* jsonArray(rows: AsyncIterable<ExportedMessage>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
    first = false;
  }
  yield '\n]\n';
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversationExport } = app.services;

  app.get(
    exportConversationsRoute.path,
    {
      schema: {
        tags: ['insights'],
        security: [{ bearer: [] }],
        summary: "Download the Spark's conversations (website visitors and test chats) of a period, as CSV or JSON, streamed",
        ...routeSchema(exportConversationsRoute, errors),
      },
    },
    async (request, reply) => {
      const { format, days } = request.query;
      const rows = await conversationExport.open(request.caller.tenantId, request.params.sparkId, request.query);
      const name = `spark-conversations-${days}-days.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      // Fastify sends a stream as it is; the schema's string only documents the body.
      const send = (stream: Readable) => reply.send(stream as unknown as string);
      if (format === 'json') {
        reply.type('application/json; charset=utf-8');
        return send(Readable.from(jsonArray(rows)));
      }
      reply.type('text/csv; charset=utf-8');
      // A byte-order mark so spreadsheet programs read the accents right. Visitors write the text
      // cells: one starting with = + - @, a tab or a carriage return is a formula to a spreadsheet,
      // so the library prefixes it with ' (OWASP's CSV injection advice); the JSON keeps it verbatim.
      return send(Readable.from(rows).pipe(stringify({ header: true, columns: COLUMNS, bom: true, escape_formulas: true })));
    },
  );
};

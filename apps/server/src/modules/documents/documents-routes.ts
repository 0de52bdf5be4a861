import { ERROR_CODES, UPLOAD_MESSAGES, uploadFieldsSchema, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { isTooLarge, tooLarge, type StagedUpload } from './documents-service.js';
import { passageView } from './retrieval-service.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 402, 403, 404, 413, 415);
const secured = { tags: ['documents'], security: [{ bearer: [] }] };
const MULTIPART_LIMITS = { fields: 8, fieldSize: 1024, parts: 10, files: 1 };

/**
 * busboy refuses a form it cannot read (no boundary, one too long or empty for its search, a body
 * that ends mid-part) with plain Errors that carry no status: the client's mistake, not a 500.
 */
const UNREADABLE_FORM = /boundary|needle|unexpected end of multipart data/i;
const isUnreadableForm = (error: unknown): boolean => error instanceof Error && !('statusCode' in error) && UNREADABLE_FORM.test(error.message);

/** The multipart plugin words its own limits tersely ("reach files limit", 413); the form's sender needs to know what to change. */
const FORM_LIMITS: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file per upload.',
  FST_FIELDS_LIMIT: 'The form has more fields than an upload takes (sparkId, conversationId, name, language, replaces).',
  FST_PARTS_LIMIT: 'The form has more parts than an upload takes (sparkId, conversationId, name, language, replaces and one file).',
};
const formLimitOf = (error: unknown): string | undefined => FORM_LIMITS[(error as { code?: string }).code ?? ''];

function uploadFields(fields: Record<string, string>) {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => `body.${issue.path.join('.') || 'form'}: ${issue.message}`);
  throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, messages.join(', '));
}

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, retrieval, conversations } = app.services;

  /** Reads an upload's form and file into a document; `sparkId` is the address's when the route names the Spark there. */
  const receive = async (request: FastifyRequest, reply: FastifyReply, sparkId?: string) => {
    // The address's Spark is checked first: another tenant's answers 404 whatever the form.
    if (sparkId) await documents.assertSpark(request.caller.tenantId, sparkId);
    if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the document as multipart/form-data.');
    const caller = request.caller;
    const fields: Record<string, string> = sparkId ? { sparkId } : {};
    let staged: StagedUpload | undefined;
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'field') {
          if (sparkId && part.fieldname === 'sparkId' && String(part.value) !== sparkId)
            throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, "body.sparkId: must be the address's Spark, or left out");
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          continue;
        }
        // The Spark, the conversation and the plan are checked before a byte of the file is stored.
        const early = uploadFields(fields);
        await documents.checkUpload(caller, early);
        const sizeHint = Number(request.headers['content-length']) || undefined;
        staged = await documents.stage(caller.tenantId, early.sparkId, part.file, part.filename, { sizeHint, contentType: part.mimetype });
      }
    } catch (error) {
      if (staged) await documents.discard(staged);
      if (isUnreadableForm(error)) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'The upload is incomplete or not a valid form. Please try again.');
      const limit = formLimitOf(error);
      if (limit) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, limit);
      throw isTooLarge(error) ? tooLarge(Number(request.headers['content-length']) || undefined) : error;
    }
    if (!staged) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, UPLOAD_MESSAGES.missingFile);
    let body;
    try {
      body = uploadFields(fields);
    } catch (error) {
      await documents.discard(staged);
      throw error;
    }
    const language = await conversations.language(caller, body.language);
    return reply.status(201).send({ data: [await documents.commit(caller, body, staged, language)] });
  };

  app.post(
    API_ROUTES.upload.path,
    {
      schema: {
        ...secured,
        summary: 'Upload a document to a Spark (multipart: sparkId, conversationId?, name?, language?, replaces? — then file)',
        consumes: ['multipart/form-data'],
        ...routeSchema(API_ROUTES.upload, errors),
      },
    },
    (request, reply) => receive(request, reply),
  );

  app.post(
    API_ROUTES.uploadToSpark.path,
    {
      schema: {
        tags: ['documents'],
        security: [{ apiKey: [] }, { bearer: [] }],
        summary: 'Upload a document to the Spark in the address (multipart: name?, language?, replaces? — then file)',
        description:
          "Send `replaces` with a document id (or a file with an existing document's name) to make the file that document's next version; the current version answers until the new one is read. Poll the document until its status is ready or failed.",
        consumes: ['multipart/form-data'],
        ...routeSchema(API_ROUTES.uploadToSpark, errors),
      },
    },
    (request, reply) => receive(request, reply, request.params.sparkId),
  );

  app.get(
    API_ROUTES.listDocuments.path,
    { schema: { ...secured, summary: "A Spark's documents, newest first", ...routeSchema(API_ROUTES.listDocuments, errors) } },
    async (request) => ({ data: await documents.list(request.caller.tenantId, request.params.sparkId) }),
  );

  app.get(
    API_ROUTES.documentAllowance.path,
    {
      schema: {
        ...secured,
        summary: 'The documents your plan counts, across your Sparks, and its limit (failed files and owner answers are not counted)',
        ...routeSchema(API_ROUTES.documentAllowance, errors),
      },
    },
    async (request) => ({ data: await documents.allowance(request.caller.tenantId) }),
  );

  app.get(
    API_ROUTES.getDocument.path,
    { schema: { ...secured, summary: 'One document and its status (queued, processing, ready or failed)', ...routeSchema(API_ROUTES.getDocument, errors) } },
    async (request) => ({
      data: await documents.get(request.caller.tenantId, request.params.sparkId, request.params.documentId),
    }),
  );

  app.delete(
    API_ROUTES.deleteDocument.path,
    { schema: { ...secured, summary: 'Delete a document: its passages stop answering at once', ...routeSchema(API_ROUTES.deleteDocument, errors) } },
    async (request) => {
      await documents.delete(request.caller.tenantId, request.params.sparkId, request.params.documentId);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    API_ROUTES.readDocumentAgain.path,
    {
      schema: {
        ...secured,
        summary: "Reads a document's file again as its next version (the current one answers until it is read)",
        ...routeSchema(API_ROUTES.readDocumentAgain, errorResponses(400, 401, 402, 403, 404, 409)),
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await documents.readAgain(request.caller.tenantId, request.params.sparkId, request.params.documentId) }),
  );

  app.get(
    API_ROUTES.getPassage.path,
    { schema: { ...secured, summary: 'The whole passage behind a citation', ...routeSchema(API_ROUTES.getPassage, errors) } },
    async (request) => ({ data: await retrieval.passage(request.caller.tenantId, request.params.sparkId, request.params.chunkId) }),
  );

  app.get(
    API_ROUTES.search.path,
    {
      schema: { ...secured, summary: "The passages of a Spark's documents that best match a question", ...routeSchema(API_ROUTES.search, errors) },
    },
    async (request) => {
      const { tenantId } = request.caller;
      await documents.assertSpark(tenantId, request.params.sparkId);
      return { data: (await retrieval.search(tenantId, request.params.sparkId, request.query.q)).map(passageView) };
    },
  );
};

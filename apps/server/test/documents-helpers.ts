import type { SparkDocument, UploadResult } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { INGESTION_JOB } from '#src/modules/documents/ingestion/ingestion-job.js';
import { multipartBody } from './document-fixtures.js';

/** Waits until every queued document (an upload, an owner answer) has been read. */
export const documentsRead = (app: FastifyInstance): Promise<void> => app.jobs.idle(INGESTION_JOB);

/** A client of the document endpoints for integration tests, with one caller's token. */
export function documentsClient(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const client = {
    upload: async (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }, fileFirst = false) => {
      const body = await multipartBody(fields, file, fileFirst);
      return app.inject({ method: 'POST', url: '/api/v1/bucket', headers: { ...headers, ...body.headers }, payload: body.payload });
    },
    /** Uploads, expects 201, and waits until ingestion has nothing left to do. */
    uploadReady: async (sparkId: string, name: string, bytes: Buffer): Promise<{ result: UploadResult; document: SparkDocument }> => {
      const response = await client.upload({ sparkId }, { name, bytes });
      if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.payload}`);
      const [result] = (response.json() as { data: UploadResult[] }).data;
      await documentsRead(app);
      return { result: result!, document: await client.document(sparkId, result!._id) };
    },
    list: (sparkId: string) => app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/documents`, headers }),
    document: async (sparkId: string, documentId: string): Promise<SparkDocument> =>
      (await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/documents/${documentId}`, headers })).json().data,
    remove: (sparkId: string, documentId: string) => app.inject({ method: 'DELETE', url: `/api/v1/sparks/${sparkId}/documents/${documentId}`, headers }),
    search: (sparkId: string, q: string) => app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/search?q=${encodeURIComponent(q)}`, headers }),
    passage: (sparkId: string, chunkId: string) => app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/passages/${chunkId}`, headers }),
  };
  return client;
}

import type { SharepointStatus } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { INGESTION_JOB } from '#src/modules/documents/ingestion/ingestion-job.js';
import { SHAREPOINT_SYNC_JOB } from '#src/modules/integrations/sharepoint-sync-job.js';

/** The owner's SharePoint calls for integration tests, with one caller's token. */
export function sharepointClient(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const base = (sparkId: string) => `/api/v1/sparks/${sparkId}/integrations`;
  const client = {
    authorize: (sparkId: string, service = 'sharepoint') =>
      app.inject({ method: 'GET', url: `${base(sparkId)}/microsoft/authorize?service=${encodeURIComponent(service)}`, headers }),
    status: async (sparkId: string): Promise<SharepointStatus> => {
      const response = await app.inject({ method: 'GET', url: `${base(sparkId)}/sharepoint`, headers });
      expect(response.statusCode, response.payload).toBe(200);
      return response.json().data;
    },
    get: (sparkId: string, path: string) => app.inject({ method: 'GET', url: `${base(sparkId)}/sharepoint${path}`, headers }),
    select: (sparkId: string, payload: unknown) =>
      app.inject({ method: 'PUT', url: `${base(sparkId)}/sharepoint/selection`, headers, payload: payload as object }),
    sync: (sparkId: string) => app.inject({ method: 'POST', url: `${base(sparkId)}/sharepoint/sync`, headers }),
    disconnect: (sparkId: string, removeDocuments: boolean) =>
      app.inject({ method: 'DELETE', url: `${base(sparkId)}/sharepoint?removeDocuments=${removeDocuments}`, headers }),
    /** The connect window, start to end: the authorize call, Microsoft's redirect back, and our callback. */
    connect: async (sparkId: string): Promise<{ location: string; callbackPath: string }> => {
      const callbackPath = await client.windowReturn(sparkId);
      return { location: await client.callback(callbackPath), callbackPath };
    },
    /** Up to Microsoft's redirect: the callback path the browser would be sent to. */
    windowReturn: async (sparkId: string): Promise<string> => {
      const authorized = await client.authorize(sparkId);
      expect(authorized.statusCode, authorized.payload).toBe(200);
      const atMicrosoft = await fetch(authorized.json().data.authUrl as string, { redirect: 'manual' });
      expect(atMicrosoft.status).toBe(302);
      const back = new URL(atMicrosoft.headers.get('location')!);
      return `${back.pathname}${back.search}`;
    },
    callback: async (path: string): Promise<string> => {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, response.payload).toBe(302);
      return String(response.headers.location);
    },
    /** Waits until the sync job and then ingestion have nothing left to do. */
    settle: async () => {
      await app.jobs.idle(SHAREPOINT_SYNC_JOB);
      await app.jobs.idle(INGESTION_JOB);
    },
  };
  return client;
}

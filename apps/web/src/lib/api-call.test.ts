import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteDocumentRoute, getPassageRoute, listSparksRoute, sharepointFoldersRoute } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './api-call';
import { createApiClient } from './api-client';
import { MemoryStorage } from './memory-storage';
import { createSessionStore } from './session-store';

const spark = {
  _id: '6a0b4c1e-2f3d-4a5b-8c7d-9e0f1a2b3c4d',
  name: 'Support',
  pin: false,
  type: 'DOC',
  createdAt: '2026-11-25T00:00:00.000Z',
  options: {
    isTest: false,
    deployToken: 'dpl_x',
    initialMessage: 'Hi',
    level: 'PUBLIC',
    sysPrompt: '',
    theme: null,
    generalKnowledge: false,
  },
};

/** A real HTTP peer on loopback: it records each request and answers what the test put under its path. */
describe('apiCall', () => {
  const seen: Array<{ method?: string; url?: string }> = [];
  const answers = new Map<string, unknown>();
  let server: Server;
  let baseURL: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ method: request.method, url: request.url });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answers.get(request.url?.split('?')[0] ?? '') ?? { data: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const client = () => createApiClient({ baseURL, session: createSessionStore(new MemoryStorage()) });

  it('fills the path from the contract entry, one encoded segment per parameter, with the entry’s method and query', async () => {
    answers.set('/api/v1/sparks/a%2Fb/documents/c%20d', { data: { deleted: true } });
    expect(await apiCall(deleteDocumentRoute, { params: { sparkId: 'a/b', documentId: 'c d' } }, client())).toEqual({ deleted: true });
    answers.set('/api/v1/sparks/s1/integrations/sharepoint/drives/d%211/folders', { data: { folders: [], parent: null } });
    await apiCall(sharepointFoldersRoute, { params: { sparkId: 's1', driveId: 'd!1' }, query: { parent: 'f1' } }, client()).catch(() => undefined);
    expect(seen.slice(-2)).toEqual([
      { method: 'DELETE', url: '/api/v1/sparks/a%2Fb/documents/c%20d' },
      { method: 'GET', url: '/api/v1/sparks/s1/integrations/sharepoint/drives/d!1/folders?parent=f1' },
    ]);
  });

  it('answers the data as the contract parses it, and refuses an answer the contract does not describe', async () => {
    answers.set('/api/v1/sparks', { data: [spark] });
    expect(await apiCall(listSparksRoute, {}, client())).toEqual([spark]);
    answers.set('/api/v1/sparks', { data: 'not a list' });
    await expect(apiCall(listSparksRoute, {}, client())).rejects.toThrow();
    answers.set('/api/v1/sparks/s1/passages/p1', { data: { chunkId: 7 } });
    await expect(apiCall(getPassageRoute, { params: { sparkId: 's1', chunkId: 'p1' } }, client())).rejects.toThrow();
  });
});

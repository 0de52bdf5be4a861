import { performance } from 'node:perf_hooks';
import type { DocumentPassage, Language as DocumentLanguage, RetrievedPassage, SparkDocument, TestChatAnswer, Website } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { codeIn, freshEmail, freshIp, latestMail, register } from '../../apps/server/test/accounts-helpers.js';
import { subscribe } from '../../apps/server/test/billing-helpers.js';
import { chatClient } from '../../apps/server/test/chat-helpers.js';
import { documentsClient, documentsRead } from '../../apps/server/test/documents-helpers.js';
import type { CorpusDocument, Language } from './corpus.js';
import { serveSite } from './site-server.js';

/** A verified account of its own per document: a free plan holds few documents, and each Spark should know one document only. */
async function accountToken(app: FastifyInstance): Promise<string> {
  const email = freshEmail('answer-eval');
  const registered = await register(app, email);
  if (registered.statusCode !== 201) throw new Error(`registration answered ${registered.statusCode}: ${registered.payload}`);
  const code = codeIn((await latestMail(app, email)).text);
  const verified = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-code', remoteAddress: freshIp(), payload: { username: email, code } });
  if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}: ${verified.payload}`);
  return (verified.json() as { data: { access_token: string } }).data.access_token;
}

/** What a Spark knows once its document is read: how many passages, in which language. */
interface Read {
  chunks: number;
  detectedLanguage: DocumentLanguage | null;
}

/** A file uploaded as an owner's file is, and read to the end by the ingestion job. */
async function uploaded(app: FastifyInstance, token: string, sparkId: string, document: CorpusDocument): Promise<Read> {
  const { document: read } = await documentsClient(app, token).uploadReady(sparkId, document.fileName, await document.load());
  if (read.status !== 'ready') throw new Error(`${document.fileName} ended ${read.status}: ${JSON.stringify(read)}`);
  return { chunks: read.chunks, detectedLanguage: read.language };
}

/**
 * A website added as an owner adds one: served on loopback, crawled, every page found read into
 * documents, and those read to the end. A plan that reads the whole site, as a shop's owner buys.
 */
async function crawled(app: FastifyInstance, token: string, sparkId: string, document: CorpusDocument): Promise<Read> {
  await subscribe(app, token, 'emerald');
  const site = await serveSite(document);
  try {
    const call = async (method: 'GET' | 'POST', path: string, payload?: object): Promise<Website> => {
      const response = await app.inject({
        method,
        url: `/api/v1/sparks/${sparkId}/websites${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode >= 300) throw new Error(`website ${method} ${path} answered ${response.statusCode}: ${response.payload}`);
      return (response.json() as { data: Website }).data;
    };
    const until = async (id: string, busy: Website['state']): Promise<Website> => {
      for (;;) {
        const website = await call('GET', `/${id}`);
        if (website.state !== busy) return website;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const added = await call('POST', '', { url: site.start });
    const found = await until(added._id, 'discovering');
    if (found.state !== 'discovered') throw new Error(`${document.id}'s crawl ended ${found.state}: ${found.error}`);
    await call('POST', `/${added._id}/import`, { leaveOut: [] });
    const read = await until(added._id, 'importing');
    if (read.state !== 'ready') throw new Error(`${document.id}'s pages ended ${read.state}: ${read.error}`);
    await documentsRead(app);
  } finally {
    await site.close();
  }
  const listed = await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/documents`, headers: { authorization: `Bearer ${token}` } });
  const documents = (listed.json() as { data: SparkDocument[] }).data;
  const failed = documents.filter((entry) => entry.status !== 'ready');
  if (failed.length > 0) throw new Error(`${document.id}: ${failed.length} pages were not read (${failed.map((entry) => entry.name).join(', ')})`);
  return { chunks: documents.reduce((sum, entry) => sum + entry.chunks, 0), detectedLanguage: documents[0]?.language ?? null };
}

/** One Spark holding one document (or one website), ready to be asked: what a business user has after adding it. */
export async function sparkWith(app: FastifyInstance, document: CorpusDocument) {
  const token = await accountToken(app);
  const chat = chatClient(app, token);
  const docs = documentsClient(app, token);
  const spark = await chat.newSpark();
  const started = performance.now();
  const read = document.site ? await crawled(app, token, spark._id, document) : await uploaded(app, token, spark._id, document);
  const ingestSeconds = Math.round((performance.now() - started) / 10) / 100;
  const test = await chat.newTest(spark._id, 'Answer quality');
  const passages = new Map<string, string>();
  const profile = await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } });
  const tenantId = (profile.json() as { data: { tenants: Array<{ _id: string }> } }).data.tenants[0]!._id;
  return {
    /** Where the Spark lives, for a script that runs the product's own retrieval on it in process. */
    tenantId,
    sparkId: spark._id,
    ingestSeconds,
    chunks: read.chunks,
    detectedLanguage: read.detectedLanguage,
    search: async (question: string): Promise<RetrievedPassage[]> => {
      const response = await docs.search(spark._id, question);
      if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.payload}`);
      return (response.json() as { data: RetrievedPassage[] }).data;
    },
    /** Search results carry an excerpt only; a fact past its first lines is in the whole passage. */
    passageText: async (chunkId: string): Promise<string> => {
      const known = passages.get(chunkId);
      if (known !== undefined) return known;
      const response = await docs.passage(spark._id, chunkId);
      if (response.statusCode !== 200) throw new Error(`passage answered ${response.statusCode}: ${response.payload}`);
      const text = (response.json() as { data: DocumentPassage }).data.text;
      passages.set(chunkId, text);
      return text;
    },
    /**
     * One turn of the test chat. Without a conversation it opens a new one, as a visitor's first
     * question does, so no earlier turn helps or hurts; a follow-up passes the conversation of the
     * question it follows.
     */
    ask: async (question: string, language: Language, conversationId?: string): Promise<TestChatAnswer> => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        payload: { input: { text: question }, language, ...(conversationId ? { conversationId } : {}) },
      });
      if (response.statusCode !== 200) throw new Error(`test chat answered ${response.statusCode}: ${response.payload}`);
      return (response.json() as { data: TestChatAnswer }).data;
    },
  };
}

export type Spark = Awaited<ReturnType<typeof sparkWith>>;

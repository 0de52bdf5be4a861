import { performance } from 'node:perf_hooks';
import type { DocumentPassage, RetrievedPassage, TestChatAnswer } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { codeIn, freshEmail, freshIp, latestMail, register } from '../../apps/server/test/accounts-helpers.js';
import { chatClient } from '../../apps/server/test/chat-helpers.js';
import { documentsClient } from '../../apps/server/test/documents-helpers.js';
import type { CorpusDocument, Language } from './corpus.js';

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

/** One Spark holding one document, ready to be asked: what a business user has after uploading it. */
export async function sparkWith(app: FastifyInstance, document: CorpusDocument) {
  const token = await accountToken(app);
  const chat = chatClient(app, token);
  const docs = documentsClient(app, token);
  const spark = await chat.newSpark();
  const started = performance.now();
  const { document: uploaded } = await docs.uploadReady(spark._id, document.fileName, await document.load());
  const ingestSeconds = Math.round((performance.now() - started) / 10) / 100;
  if (uploaded.status !== 'ready') throw new Error(`${document.fileName} ended ${uploaded.status}: ${JSON.stringify(uploaded)}`);
  const test = await chat.newTest(spark._id, 'Answer quality');
  const passages = new Map<string, string>();
  return {
    ingestSeconds,
    chunks: uploaded.chunks,
    detectedLanguage: uploaded.language,
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

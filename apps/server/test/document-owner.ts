import type { SparkDocument, TestChatAnswer } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { verifiedAccount } from './accounts-helpers.js';
import { chatClient } from './chat-helpers.js';
import { documentsClient } from './documents-helpers.js';

/**
 * A verified owner with a new Spark and a test chat: what document tests upload to, list and ask
 * through. `ask` gives the answer's text; `list` the Spark's documents, newest first.
 */
export async function documentOwner(app: FastifyInstance) {
  const { tokens } = await verifiedAccount(app);
  const chat = chatClient(app, tokens.access_token);
  const docs = documentsClient(app, tokens.access_token);
  const spark = await chat.newSpark();
  const test = await chat.newTest(spark._id);
  const ask = async (question: string) => ((await chat.test(spark._id, test._id, question)).json() as { data: TestChatAnswer }).data.ai.data.content;
  const list = async () => (await docs.list(spark._id)).json().data as SparkDocument[];
  return { tokens, docs, spark, ask, list };
}

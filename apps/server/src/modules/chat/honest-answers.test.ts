import type { KnowledgeGap, TestChatAnswer, WidgetMessage, Language } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';

/** Shares "bicycle" with the returns policy and nothing it is about. */
const LOOSE = 'Is my bicycle insured against theft?';
const HEDGE = "The documents don't seem to answer this directly. These passages may help:";

/** The returns policy's Spark, live on the shop, with a test chat and the owner's gap inbox. */
async function policySpark(app: FastifyInstance) {
  const live = await liveWidgetSpark(app);
  const owner = { authorization: `Bearer ${live.token}` };
  const test = await live.chat.newTest(live.spark._id);
  const testAsk = async (text: string, language: Language = 'en'): Promise<TestChatAnswer> => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/sparks/${live.spark._id}/chat/${test._id}`,
      headers: owner,
      payload: { input: { text }, language },
    });
    expect(response.statusCode, response.payload).toBe(200);
    return response.json().data as TestChatAnswer;
  };
  const visitorAsks = async (text: string): Promise<WidgetMessage> => {
    const response = await live.ask(text);
    expect(response.statusCode, response.payload).toBe(200);
    return (response.json().data as { messages: WidgetMessage[] }).messages.at(-1)!;
  };
  const gaps = async (): Promise<KnowledgeGap[]> =>
    (await app.inject({ method: 'GET', url: `/api/v1/sparks/${live.spark._id}/gaps?status=open`, headers: owner })).json().data;
  return { testAsk, visitorAsks, gaps };
}

describe.each(testDatabaseTargets())('an answer when the documents only touch the question, offline, on $name', (target) => {
  const app = appOnTarget(target);

  it('says the documents do not seem to answer it, offers the closest passage cited, and puts the question in the gap inbox', async () => {
    const spark = await policySpark(app());

    const tested = await spark.testAsk(LOOSE);
    expect(tested.ai.data.content?.split('\n')[0]).toBe(HEDGE);
    expect(tested.ai.data.content).toContain('within 30 days');
    expect(tested.ai.data.citations?.length).toBeGreaterThan(0);
    expect(tested.ai.data.unanswered).toBe(true);
    const spanish = await spark.testAsk('¿Mi bicicleta está asegurada contra robo?', 'es');
    expect(spanish.ai.data.content?.split('\n')[0]).toBe('Los documentos no parecen responder a esto directamente. Estos fragmentos pueden ayudar:');

    const visitor = await spark.visitorAsks(LOOSE);
    expect(visitor.content.split('\n')[0]).toBe(HEDGE);
    expect(visitor.citations?.length).toBeGreaterThan(0);
    expect(visitor.offerContact).toBe(true);
    expect((await spark.gaps()).map((gap) => [gap.question, gap.unanswered])).toEqual([[LOOSE, 1]]);

    // A question the policy answers is framed as the answer and stays out of the inbox.
    const direct = await spark.visitorAsks('How many days do I have to return a bicycle?');
    expect(direct.content).toMatch(/^This is what I found:/);
    expect(direct.offerContact).toBeUndefined();
    expect(await spark.gaps()).toHaveLength(1);
  });
});

describe.each(testDatabaseTargets())('an answer when the documents only touch the question, with a model, on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target);

  it('tells the model the match is loose, and counts the question as a gap even when the model cites a passage', async () => {
    const spark = await policySpark(app());
    const before = fake().requests.length;
    fake().enqueue({ text: 'The documents do not seem to say; the closest is the returns policy [1].' });
    const answer = await spark.testAsk(LOOSE);
    const [respond] = fake().requests.slice(before);
    expect(systemOf(respond!)).toContain('The passages below match the question only loosely.');
    expect(answer.ai.data.citations?.length).toBe(1);
    expect(answer.ai.data.unanswered).toBe(true);

    fake().enqueue({ text: 'Within 30 days [1].' });
    await spark.testAsk('How many days do I have to return a bicycle?');
    expect(systemOf(fake().requests.at(-1)!)).not.toContain('match the question only loosely');
  });
});

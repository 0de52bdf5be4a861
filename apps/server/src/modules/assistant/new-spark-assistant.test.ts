import { objectivesProgress, type Spark } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { assistantClient, cardOf, eventsOf, firstDataLine, wordsOf } from '#test/assistant-helpers.js';
import { parseEventStream } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('the new-spark assistant on $name', (target) => {
  const app = appOnTarget(target);
  const sparksOf = async (token: string) =>
    (await app().inject({ method: 'GET', url: '/api/v1/sparks', headers: { authorization: `Bearer ${token}` } })).json().data as Spark[];

  it('creates a real Spark from the answers: name, purpose, palette, icon, welcome message, preview, test', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);

    const start = await assistant.say('new-spark', '');
    expect(wordsOf(start)).toContain('what should it be called?');
    expect(start.sparkId).toBeNull();
    expect(await sparksOf(tokens.access_token)).toEqual([]);

    const named = await assistant.say('new-spark', 'Returns helper', start.sessionId);
    expect(named.sessionId).toBe(start.sessionId);
    const [spark] = await sparksOf(tokens.access_token);
    expect(spark?.name).toBe('Returns helper');
    expect(named.sparkId).toBe(spark?._id);
    expect(eventsOf(named)).toEqual([expect.objectContaining({ event: 'newSpark', sparkId: spark?._id })]);
    expect(wordsOf(named)).toContain('whom will it help, and what will it answer?');

    const purpose = await assistant.say('new-spark', 'It answers customers about returns and refunds of bicycles.', start.sessionId);
    expect((await sparksOf(tokens.access_token))[0]?.options.sysPrompt).toContain('It answers customers about returns and refunds of bicycles.');
    const palettes = cardOf(purpose, 'colorPalette');
    expect((palettes?.palettes as Array<{ name: string }>).map((palette) => palette.name)).toContain('Forest');

    const unknown = await assistant.say('new-spark', 'Plaid', start.sessionId);
    expect(wordsOf(unknown)).toContain("didn't recognise that palette");
    expect(cardOf(unknown, 'colorPalette')).toBeDefined();
    expect((await sparksOf(tokens.access_token))[0]?.options.theme).toBeNull();

    const palette = await assistant.say('new-spark', 'Forest', start.sessionId);
    expect(cardOf(palette, 'iconSelector')).toBeDefined();
    expect((await sparksOf(tokens.access_token))[0]?.options.theme?.palette).toEqual({ name: 'Forest', primary: '#15803d', secondary: '#14532d' });

    const icon = await assistant.say('new-spark', 'Book', start.sessionId);
    const afterIcon = (await sparksOf(tokens.access_token))[0]!;
    expect(afterIcon.options.theme?.icon).toEqual({ name: 'book' });
    expect(afterIcon.options.initialMessage).toBe("Hi! I'm Returns helper. How can I help you today?");
    expect(cardOf(icon, 'buttons')?.buttons).toEqual([
      { label: 'Upload documents', goto: `/spark/${spark?._id}?upload=pick` },
      { label: 'Not now', value: 'Not now' },
    ]);

    const preview = await assistant.say('new-spark', 'Not now', start.sessionId);
    expect(cardOf(preview, 'widgetPreview')).toMatchObject({
      name: 'Returns helper',
      theme: { palette: { primary: '#15803d', secondary: '#14532d' }, icon: 'book' },
    });

    const tested = await assistant.say('new-spark', 'Test it', start.sessionId);
    const tests = (
      await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark?._id}/tests`, headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json().data as Array<{ _id: string }>;
    expect(tests).toHaveLength(1);
    expect(eventsOf(tested)).toEqual([expect.objectContaining({ event: 'goto', goto: `/spark/${spark?._id}/test/${tests[0]?._id}` })]);

    const [define] = await assistant.objectives(spark!._id);
    expect(define?.steps.map((step) => step.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(objectivesProgress(await assistant.objectives(spark!._id))).toBe(50);

    // The history keeps the conversation (events act once and are not kept).
    const history = await assistant.history(start.sessionId);
    expect(history.statusCode).toBe(200);
    const stored = history.json().data as { topic: string; sparkId: string; messages: Array<{ data: { type?: string } }> };
    expect(stored).toMatchObject({ topic: 'new-spark', sparkId: spark?._id });
    expect(stored.messages.some((message) => message.data.type === 'widgetPreview')).toBe(true);
    expect(stored.messages.some((message) => message.data.type === 'event')).toBe(false);
  });

  it('answers in the spec’s shape by default and as a live stream on request', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const plain = await assistant.ask('new-spark', '', { language: 'es' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/event-stream');
    expect(plain.payload.startsWith('data: {')).toBe(true);
    expect(wordsOf(firstDataLine(plain))).toContain('¿cómo quieres llamarlo?');

    // Nested values also arrive as JSON, as some clients write them.
    const streamed = await app().inject({
      method: 'GET',
      url: '/api/v1/spark-sys/new-spark/chat',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      query: { input: JSON.stringify({ text: 'Bike shop' }), sessionId: firstDataLine(plain).sessionId, stream: 'true' },
    });
    const events = parseEventStream(streamed.payload);
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['start', 'message', 'done']));
    const done = events.find((event) => event.event === 'done')?.data as { sparkId: string; sessionId: string };
    expect(done.sessionId).toBe(firstDataLine(plain).sessionId);
    expect((await sparksOf(tokens.access_token)).map((spark) => spark._id)).toEqual([done.sparkId]);
  });

  it('refuses what is not the caller’s, and malformed input, with a clear 4xx and nothing changed', async () => {
    const owner = await verifiedAccount(app());
    const other = await verifiedAccount(app());
    const mine = assistantClient(app(), owner.tokens.access_token);
    const theirs = assistantClient(app(), other.tokens.access_token);
    const session = await mine.say('new-spark', '');
    const created = await mine.say('new-spark', 'Private bot', session.sessionId);

    const foreign = await theirs.ask('new-spark', 'Hijacked', { sessionId: session.sessionId });
    expect(foreign.statusCode).toBe(404);
    expect((await theirs.history(session.sessionId)).statusCode).toBe(404);
    const otherTopic = await mine.ask('profile', 'Ada', { sessionId: session.sessionId });
    expect(otherTopic.statusCode).toBe(404);
    const foreignSpark = await theirs.ask('new-spark', '', { 'options[sparkId]': created.sparkId! });
    expect(foreignSpark.statusCode, foreignSpark.payload).toBe(404);
    expect(
      (
        await app().inject({
          method: 'GET',
          url: `/api/v1/llm/chat-history/${session.sessionId}`,
          headers: { authorization: `Bearer ${owner.tokens.access_token}` },
        })
      ).statusCode,
    ).toBe(404);

    for (const [topic, query] of [
      ['nonsense', {}],
      ['new-spark', { 'input[text]': 'x'.repeat(4001) }],
      ['new-spark', { sessionId: 'not-a-uuid' }],
      ['new-spark', { 'input[text]': 'a\u0000b' }],
      ['new-spark', { stream: 'maybe' }],
    ] as const) {
      const response = await app().inject({
        method: 'GET',
        url: `/api/v1/spark-sys/${topic}/chat`,
        headers: { authorization: `Bearer ${owner.tokens.access_token}` },
        query,
      });
      expect(response.statusCode, `${topic} ${JSON.stringify(query)}`).toBe(400);
      expect(response.json().errors[0]).toMatch(/\w/);
    }
    expect((await app().inject({ method: 'GET', url: '/api/v1/spark-sys/new-spark/chat' })).statusCode).toBe(401);
    expect((await sparksOf(owner.tokens.access_token)).map((spark) => spark.name)).toEqual(['Private bot']);
    expect(await sparksOf(other.tokens.access_token)).toEqual([]);
  });

  it('picks up where it stopped, and shows a chosen name as written, never as a link', async () => {
    const { tokens } = await verifiedAccount(app());
    const assistant = assistantClient(app(), tokens.access_token);
    const start = await assistant.say('new-spark', '');
    const named = await assistant.say('new-spark', '[Win](https://evil.example) *now*', start.sessionId);
    expect(wordsOf(named)).toContain('**\\[Win\\]\\(https://evil.example\\) \\*now\\*** is created');
    await assistant.say('new-spark', 'It answers questions about our shop.', start.sessionId);
    await assistant.say('new-spark', 'Sunset', start.sessionId);
    // Back on the screen later: the icon (and with it the welcome message) is what is still missing.
    const resumed = await assistant.say('new-spark', '', start.sessionId);
    expect(wordsOf(resumed)).toContain('Welcome back!');
    expect(cardOf(resumed, 'iconSelector')).toBeDefined();
  });
});

import type { ChatHistory } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('the latest conversation of a chat, for a new sign-in or another device, on $name', (target) => {
  const app = appOnTarget(target);

  it('gives back the builder chat and each test chat where the owner left them, and nothing of another tenant’s', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const first = await chat.newTest(spark._id, 'Returns');
    const second = await chat.newTest(spark._id, 'Shipping');
    const latest = async (query: string, token = tokens.access_token) =>
      app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/conversations/latest${query}`, headers: { authorization: `Bearer ${token}` } });

    // Nothing yet: null, so the chat starts as new.
    expect((await latest('')).json()).toEqual({ data: null });
    expect((await latest(`?testId=${first._id}`)).json()).toEqual({ data: null });

    const built = await chat.builder(spark._id, 'It answers questions about our bike shop');
    expect(built.statusCode, built.payload).toBe(200);
    const asked = await chat.test(spark._id, first._id, 'How many days do I have to return a bicycle?');
    expect(asked.statusCode, asked.payload).toBe(200);

    const builder = (await latest('')).json().data as ChatHistory;
    expect(builder).toMatchObject({ conversationId: built.json().data.conversationId, sparkId: spark._id, testId: null });
    expect(builder.messages[0]).toMatchObject({ type: 'human', data: { content: 'It answers questions about our bike shop' } });
    const test = (await latest(`?testId=${first._id}`)).json().data as ChatHistory;
    expect(test).toMatchObject({ testId: first._id });
    expect(test.messages.map((message) => message.data.content)[0]).toBe('How many days do I have to return a bicycle?');
    // Each test chat keeps its own.
    expect((await latest(`?testId=${second._id}`)).json()).toEqual({ data: null });

    // Bad input and another tenant's Spark or test: 4xx, nothing read.
    expect((await latest('?testId=not-an-id')).statusCode).toBe(400);
    expect((await latest('?other=1')).statusCode).toBe(400);
    expect((await latest(`?testId=${crypto.randomUUID()}`)).statusCode).toBe(404);
    const stranger = await verifiedAccount(app());
    const theirs = await latest(`?testId=${first._id}`, stranger.tokens.access_token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.payload).not.toContain('bicycle');
  });
});

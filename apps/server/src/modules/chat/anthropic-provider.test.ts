import type { TestChatAnswer } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, type FakeAnthropicServer } from '../../../../../test/support/fake-anthropic-server.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient, parseEventStream } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

// The provider does not depend on the database: one target is enough.
describe.each(testDatabaseTargets().slice(0, 1))('test chats through the Anthropic Messages API on $name', (target) => {
  let fake: FakeAnthropicServer;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeAnthropicServer('Visitors are greeted in Spanish [1].');
    Object.assign(env, { LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', LLM_BASE_URL: fake.url, LLM_MODEL: 'claude-test' });
  });
  afterAll(async () => fake.close());
  const app = appOnTarget(target, env);

  it('streams the answer, cites the passage, and sends the key, the model and the delimited knowledge', async () => {
    const chat = chatClient(app(), (await verifiedAccount(app())).tokens.access_token);
    const spark = await chat.newSpark();
    const test = await chat.newTest(spark._id);
    const response = await chat.test(spark._id, test._id, 'How do you greet visitors?', undefined, { stream: true });
    const events = parseEventStream(response.payload);
    expect(events.filter((item) => item.event === 'delta').length).toBeGreaterThan(3);
    const done = events.at(-1)?.data as TestChatAnswer;
    expect(done.ai.data.content).toBe('Visitors are greeted in Spanish [1].');
    expect(done.ai.data.citations).toEqual([{ marker: 1, title: 'Welcome message', excerpt: 'Bienvenido a tu nuevo Spark' }]);
    const [request] = fake.requests;
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.body.model).toBe('claude-test');
    expect(JSON.stringify(request?.body.system)).toContain('<knowledge>');
    expect(request?.body.messages?.at(-1)).toMatchObject({ role: 'user' });
  });
});

import type { TestChatAnswer, WidgetTurn } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, widgetClient } from '#test/widget-helpers.js';

/** Three sections that all speak of what things cost: a follow-up's own words cannot tell which one it asks about. */
const CATALOGUE = Buffer.from(
  [
    '# Velocita catalogue',
    '',
    '## Folding bikes',
    'The Velocita Fold is our folding bike: it folds in ten seconds and weighs 11 kg. The Fold costs 890 euros.',
    '',
    '## Cargo bikes',
    'The Velocita Haul carries two children or 80 kg of shopping. The Haul costs 2,400 euros.',
    '',
    '## Delivery',
    'Delivery costs 25 euros in the city, and it costs nothing for orders above 1,000 euros.',
  ].join('\n'),
);

const FIRST = 'Do you have a folding bike?';
const FOLLOW_UP = 'And how much does it cost?';

/** A Spark holding the catalogue, live on the shop's website; `testChat` opens a new test chat. */
async function catalogueSpark(app: FastifyInstance) {
  const { tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const chat = chatClient(app, token);
  const spark = await chat.newSpark();
  expect((await documentsClient(app, token).uploadReady(spark._id, 'catalogue.md', CATALOGUE)).document.status).toBe('ready');
  const testChat = async () => {
    const test = await chat.newTest(spark._id);
    let conversationId: string | undefined;
    return async (question: string): Promise<TestChatAnswer> => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { input: { text: question }, language: 'en', ...(conversationId ? { conversationId } : {}) },
      });
      expect(response.statusCode, response.payload).toBe(200);
      const answer = (response.json() as { data: TestChatAnswer }).data;
      conversationId = answer.conversationId;
      return answer;
    };
  };
  const widget = widgetClient(app, token);
  await widget.allow(spark._id, [SHOP]);
  const { deployToken } = await widget.deployment(spark._id);
  const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);
  const visit = async (question: string, visitor?: string): Promise<WidgetTurn> => {
    const response = await widget.ask(deployToken, question, { 'x-sparks-ticket': ticket, ...(visitor ? { 'x-sparks-visitor': visitor } : {}) });
    expect(response.statusCode, response.payload).toBe(200);
    return response.json().data as WidgetTurn;
  };
  return { testChat, visit };
}

describe.each(testDatabaseTargets())('a follow-up question, offline, on $name', (target) => {
  const app = appOnTarget(target);

  it('is answered from the subject of the question before it, in a test chat and in the widget', async () => {
    const { testChat, visit } = await catalogueSpark(app());

    // Asked on its own, the question says nothing of bikes: whatever it quotes, it is not the folding bike's price.
    const alone = await (await testChat())(FOLLOW_UP);
    expect(alone.ai.data.content).not.toContain('890 euros');

    const ask = await testChat();
    expect((await ask(FIRST)).ai.data.content).toContain('Velocita Fold');
    const followed = await ask(FOLLOW_UP);
    expect(followed.ai.data.content).toContain('The Fold costs 890 euros');
    expect(followed.ai.data.citations?.[0]?.excerpt).toContain('890 euros');

    const first = await visit(FIRST);
    const reply = await visit(FOLLOW_UP, first.visitorToken);
    expect(reply.messages.at(-1)?.content).toContain('The Fold costs 890 euros');
  });
});

describe.each(testDatabaseTargets())('a follow-up question, with a model, on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target);

  it('is rewritten by the model as a standalone question, and the rewrite is searched and shown to the model', async () => {
    const { testChat } = await catalogueSpark(app());
    const ask = await testChat();
    fake().enqueue({ text: 'Yes, the Velocita Fold [1].' });
    await ask(FIRST);

    const before = fake().requests.length;
    fake().enqueue({ text: 'price of the Velocita Fold folding bike\nhow much the folding bike costs' }, { text: 'It costs 890 euros [1].' });
    const answer = await ask(FOLLOW_UP);
    const [reword, respond] = fake().requests.slice(before);
    const rewording = JSON.stringify(reword!.messages);
    expect(rewording).toContain(`Earlier question: ${FIRST}`);
    expect(rewording).toContain(FOLLOW_UP);
    const system = systemOf(respond!);
    expect(system).toContain('- price of the Velocita Fold folding bike');
    // The folding bike's passage leads what the model is handed.
    expect(system.indexOf('The Fold costs 890 euros')).toBeGreaterThan(-1);
    expect(answer.ai.data.citations?.[0]?.excerpt).toContain('890 euros');
  });
});

import type { ChatMessage, ChatTurn } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient, parseEventStream, textOf } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const turnOf = (response: { json(): unknown; statusCode: number; payload: string }): ChatTurn => {
  expect(response.statusCode, response.payload).toBe(200);
  return (response.json() as { data: ChatTurn }).data;
};
const buttonsOf = (messages: ChatMessage[]) => messages.flatMap((message) => message.data.buttons ?? []);

describe.each(testDatabaseTargets())('the builder chat with the offline responder on $name', (target) => {
  const app = appOnTarget(target);

  it('asks for purpose, audience and tone, then writes the instructions through its tool', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();

    const greeting = turnOf(await chat.builder(spark._id, 'Start'));
    expect(textOf(greeting.messages)).toContain('What is this Spark for?');
    const id = greeting.conversationId;
    expect(textOf(turnOf(await chat.builder(spark._id, 'Answering questions about returns at our bike shop.', id)).messages)).toContain('Who will talk to it?');
    const tone = turnOf(await chat.builder(spark._id, 'Our customers', id));
    expect(buttonsOf(tone.messages).map((button) => button.label)).toEqual(['Friendly', 'Formal', 'Concise']);
    const written = turnOf(await chat.builder(spark._id, 'Friendly', id));

    const stored = await chat.spark(spark._id);
    expect(stored?.options.sysPrompt).toContain('Answering questions about returns at our bike shop.');
    expect(stored?.options.sysPrompt).toContain('Our customers');
    expect(stored?.options.sysPrompt).toContain('Tone: Friendly');
    const card = written.messages.find((message) => message.data.type === 'card');
    expect(card?.data.info?.[0]?.value).toBe(stored?.options.sysPrompt);
    expect(buttonsOf(written.messages).find((button) => button.goto === '/deploy')).toBeDefined();

    const history = (await chat.history(id)).json().data as { sparkId: string; messages: ChatMessage[] };
    expect(history.sparkId).toBe(spark._id);
    expect(history.messages.filter((message) => message.type === 'human').map((message) => message.data.content)).toEqual([
      'Start',
      'Answering questions about returns at our bike shop.',
      'Our customers',
      'Friendly',
    ]);
  });

  it('summarises the documents as a visitor gets them: sections from the whole document, in its order, each cited', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    // More sections than a message's passages hold: the summary spans the document, not its opening.
    const sections = Array.from({ length: 20 }, (_, index) => `Workshop rule ${String.fromCharCode(65 + index)}`);
    const guide = sections.map((heading) => `## ${heading}\n\nThis part of the shop guide explains ${heading.toLowerCase()} in detail, with an example.\n`);
    await documentsClient(app(), tokens.access_token).uploadReady(spark._id, 'shop-guide.md', Buffer.from(`# Shop guide\n\n${guide.join('\n')}`));

    const text = textOf(turnOf(await chat.builder(spark._id, 'Summarize my documents')).messages);
    const named = sections.map((heading) => text.indexOf(`**${heading}**`)).filter((at) => at >= 0);
    expect(named.length, text).toBeGreaterThanOrEqual(10);
    expect([...named].sort((a, b) => a - b)).toEqual(named);
    expect(text).toContain(`**${sections[18]}**`);
    expect(text).toMatch(/\[\d+\]/);
  });

  it('renames the Spark, changes its welcome message and creates a test with a button that opens it', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const first = turnOf(await chat.builder(spark._id, 'Call it Bike Helper'));
    await chat.builder(spark._id, 'Welcome message: Hi, ask me about returns!', first.conversationId);
    const created = turnOf(await chat.builder(spark._id, 'Create a test', first.conversationId));
    expect(await chat.spark(spark._id)).toMatchObject({ name: 'Bike Helper', options: { initialMessage: 'Hi, ask me about returns!' } });
    const open = buttonsOf(created.messages).find((button) => button.goto?.startsWith(`/spark/${spark._id}/test/`));
    expect(open?.label).toBe('Open the test');
    const tests = (
      await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/tests`, headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json().data as Array<{ _id: string; name: string }>;
    expect(open?.goto).toBe(`/spark/${spark._id}/test/${tests[0]?._id}`);
    expect(tests.map((test) => test.name)).toEqual(['Test 1']);
  });

  it('explains actions and opens the Actions panel when the owner asks for one, in English and Spanish', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const english = turnOf(await chat.builder(spark._id, 'Can it look up orders in my shop? Add an action for that.'));
    expect(textOf(english.messages)).toContain('Actions let this Spark do things for visitors');
    expect(buttonsOf(english.messages)).toEqual([{ label: 'Open the Actions panel', goto: `/spark/${spark._id}?panel=actions` }]);
    const spanish = turnOf(await chat.builder(spark._id, 'Quiero añadir una acción para reservar mesas', undefined, { language: 'es' }));
    expect(textOf(spanish.messages)).toContain('Las acciones permiten que este Spark haga cosas');
    expect(buttonsOf(spanish.messages)).toEqual([{ label: 'Abrir el panel Acciones', goto: `/spark/${spark._id}?panel=actions` }]);
  });

  it('tells how far the Spark is, and records that it is on the website when the owner says so', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const renamed = turnOf(await chat.builder(spark._id, 'Call it Bike Helper'));

    const progress = turnOf(await chat.builder(spark._id, 'How far is it?', renamed.conversationId));
    const card = progress.messages.find((message) => message.data.type === 'card');
    expect(card?.data.title).toBe('Progress: 10 %');
    expect(card?.data.info).toContainEqual({ label: 'Shape your Spark', value: '1/4' });
    expect(textOf(progress.messages)).toContain('Your Spark is at 10 %. Still to do:');
    expect(textOf(progress.messages)).toContain('- Add it to your website');

    const live = turnOf(await chat.builder(spark._id, "It's now on our website", renamed.conversationId));
    expect(textOf(live.messages)).toContain('Noted: your Spark is on your website.');
    expect(textOf(live.messages)).toContain('Your Spark is at 20 %.');
    expect(textOf(live.messages)).not.toContain('- Add it to your website');
    const steps = (await chat.objectives(spark._id)).flatMap((objective) => objective.steps);
    expect(steps.find((step) => step._id === `${spark._id}:publish:embed`)?.status).toBe('completed');
  });

  it('answers in Spanish when asked to, and asks what went wrong after an unsatisfactory test, then corrects the instructions', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const verdict = turnOf(await chat.builder(spark._id, 'test not satisfactory', undefined, { language: 'es' }));
    expect(textOf(verdict.messages)).toContain('¿Qué estaba mal en la respuesta?');
    await chat.builder(spark._id, 'Dijo 60 días; la política dice 30 días.', verdict.conversationId, { language: 'es' });
    expect((await chat.spark(spark._id))?.options.sysPrompt).toContain('- Dijo 60 días; la política dice 30 días.');
  });

  it('streams the reply as Server-Sent Events that end with the same turn the JSON answer carries', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const response = await chat.builder(spark._id, 'Start', undefined, { stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEventStream(response.payload);
    expect(events[0]?.event).toBe('start');
    const deltas = events.filter((event) => event.event === 'delta').map((event) => (event.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const turn = done?.data as ChatTurn;
    expect(deltas.join('')).toBe(turn.messages[0]?.data.content);
    expect(turn.conversationId).toBe((events[0]?.data as { conversationId: string }).conversationId);
    expect((await chat.history(turn.conversationId)).statusCode).toBe(200);
  });

  it('keeps every turn when several arrive at once for the same conversation', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const first = turnOf(await chat.builder(spark._id, 'Start'));
    const answers = await Promise.all(['one', 'two', 'three', 'four'].map((word) => chat.builder(spark._id, `banana ${word}`, first.conversationId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const history = (await chat.history(first.conversationId)).json().data as { messages: ChatMessage[] };
    const humans = history.messages.filter((message) => message.type === 'human').map((message) => message.data.content);
    expect(humans).toHaveLength(5);
    expect(new Set(humans)).toEqual(new Set(['Start', 'banana one', 'banana two', 'banana three', 'banana four']));
    // Each human message is followed by its own answer, never interleaved with another turn's.
    const types = history.messages.map((message) => message.type);
    expect(types.filter((type, index) => type === 'human' && types[index + 1] === 'human')).toEqual([]);
  });
});

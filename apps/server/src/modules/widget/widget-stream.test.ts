import type { WidgetMessage, WidgetTurn } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { parseEventStream } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';

/** What may differ between two answers to the same question: when they were written and their ids. */
const comparable = ({ id: _id, createdAt: _createdAt, ...rest }: WidgetMessage) => rest;

describe.each(testDatabaseTargets())('the widget’s streamed answer on $name', (target) => {
  const app = appOnTarget(target);

  it('shows a visitor exactly what the JSON answer shows, field by field, and nothing of the retrieval', async () => {
    const { ask } = await liveWidgetSpark(app());
    const question = 'How many days do I have to return a bicycle?';
    const asJson = await ask(question);
    expect(asJson.statusCode, asJson.payload).toBe(200);
    const jsonTurn = asJson.json().data as WidgetTurn;

    const { deployToken, widget } = await liveWidgetSpark(app());
    const ticket = widget.ticketOf((await widget.frame(deployToken, 'https://shop.example/help')).payload);
    const streamed = await widget.ask(deployToken, question, { 'x-sparks-ticket': ticket, accept: 'text/event-stream' });
    expect(streamed.statusCode, streamed.payload).toBe(200);
    const events = parseEventStream(streamed.payload);
    const sent = events.filter((event) => event.event === 'message').map((event) => (event.data as { message: WidgetMessage }).message);
    const done = events.find((event) => event.event === 'done')?.data as WidgetTurn;

    // The stored answer holds every retrieved passage with its score and ids; none of it reaches the visitor.
    expect(streamed.payload).not.toMatch(/"sources"|"score"|chunkId|documentId|sysPrompt/);
    expect(sent.map(comparable)).toEqual(done.messages.map(comparable));
    expect(sent.map(comparable)).toEqual(jsonTurn.messages.map(comparable));
    const [answer] = sent;
    expect(answer?.content).toContain('30 days');
    expect(Object.keys(answer ?? {}).sort()).toEqual(Object.keys(jsonTurn.messages[0] ?? {}).sort());
  });
});

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, JSONParseError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeModelServer, type FakeModelServer } from './support/fake-model-server';

// The fake is only worth having if the real AI SDK client, the one the product uses, accepts it.
describe('fake model server', () => {
  let server: FakeModelServer;
  let model: ReturnType<ReturnType<typeof createOpenAICompatible>>;

  beforeEach(async () => {
    server = await startFakeModelServer();
    model = createOpenAICompatible({ name: 'fake', baseURL: server.url, includeUsage: true })('fake-model');
  });
  afterEach(() => server.close());

  it('streams text as several ordered deltas, then usage', async () => {
    const scripted = 'Refunds are accepted within 30 days of purchase.';
    server.enqueue({ text: scripted, chunkSize: 5 });

    const result = streamText({ model, prompt: 'What is the refund policy?', maxRetries: 0 });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === 'text-delta') deltas.push(part.text);

    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas[0]).toBe('Refun');
    expect(deltas.join('')).toBe(scripted);
    expect(await result.finishReason).toBe('stop');
    expect((await result.totalUsage).outputTokens).toBe(deltas.length);
    expect(server.requests[0]).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'What is the refund policy?' }],
    });
  });

  it('answers a non-streamed call with a chat.completion', async () => {
    const { text, finishReason } = await generateText({ model, prompt: 'Say hi', maxRetries: 0 });
    expect(text).toBe('echo: Say hi');
    expect(finishReason).toBe('stop');
    expect(server.requests[0]?.stream).toBeFalsy();
  });

  it('streams a tool call the SDK parses, executes, and sends back as a tool message', async () => {
    server.enqueue(
      { toolCalls: [{ name: 'searchDocuments', arguments: { query: 'refund policy', limit: 3 } }] },
      { text: 'Per the handbook, refunds take 30 days.' },
    );
    const calls: unknown[] = [];

    const result = streamText({
      model,
      prompt: 'How long do refunds take?',
      maxRetries: 0,
      stopWhen: stepCountIs(2),
      tools: {
        searchDocuments: tool({
          description: 'Search the uploaded documents.',
          inputSchema: z.object({ query: z.string(), limit: z.number() }),
          execute: async (input) => {
            calls.push(input);
            return { passages: ['Refunds are processed within 30 days.'] };
          },
        }),
      },
    });
    const toolCalls = [];
    for await (const part of result.fullStream) if (part.type === 'tool-call') toolCalls.push(part);

    expect(toolCalls).toHaveLength(1);
    expect(toolCalls[0]).toMatchObject({ toolName: 'searchDocuments', input: { query: 'refund policy', limit: 3 } });
    expect(calls).toEqual([{ query: 'refund policy', limit: 3 }]);
    expect(await result.text).toBe('Per the handbook, refunds take 30 days.');

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.tools?.[0]?.function.name).toBe('searchDocuments');
    const toolMessage = server.requests[1]?.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe(toolCalls[0]?.toolCallId);
    expect(JSON.parse(String(toolMessage?.content))).toEqual({ passages: ['Refunds are processed within 30 days.'] });
    const assistant = server.requests[1]?.messages.find((m) => m.role === 'assistant');
    expect(assistant?.tool_calls?.[0]?.function).toEqual({ name: 'searchDocuments', arguments: '{"query":"refund policy","limit":3}' });
  });

  it('surfaces a 500 as an APICallError carrying the status and message', async () => {
    server.enqueue({ status: 500 });
    const error = await generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 500, message: 'Fake upstream error 500' });
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces a malformed stream as error parts and an error finish, not as a clean empty answer', async () => {
    server.enqueue({ malformed: true });
    const errors: unknown[] = [];
    const deltas: string[] = [];

    const result = streamText({ model, prompt: 'hi', maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    const streamed: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'error') streamed.push(part.error);
      if (part.type === 'text-delta') deltas.push(part.text);
    }

    expect(deltas).toEqual([]);
    expect(streamed).toHaveLength(2); // one per bad data line
    expect(streamed.every((error) => JSONParseError.isInstance(error))).toBe(true);
    expect(errors).toEqual(streamed);
    // `text` alone resolves to '' here: only the error parts and finish reason tell it from a real empty answer.
    expect(await result.finishReason).toBe('error');
  });

  it('throws mid-stream when the connection drops after some chunks', async () => {
    server.enqueue({ dropAfterChunks: 2, text: 'Refunds take thirty days.' });
    const deltas: string[] = [];

    const result = streamText({ model, prompt: 'hi', maxRetries: 0, onError: () => {} });
    const error = await (async () => {
      for await (const part of result.fullStream) if (part.type === 'text-delta') deltas.push(part.text);
    })().catch((e: unknown) => e);

    expect(deltas).toEqual(['Refu', 'nds ']);
    expect(APICallError.isInstance(error)).toBe(true);
  });

  it('holds the first token back for firstTokenDelayMs', async () => {
    server.enqueue({ text: 'late but whole', firstTokenDelayMs: 150, delayMs: 10 });
    const started = Date.now();
    let firstAt = 0;
    let text = '';

    for await (const delta of streamText({ model, prompt: 'hi', maxRetries: 0 }).textStream) {
      firstAt ||= Date.now() - started;
      text += delta;
    }

    expect(firstAt).toBeGreaterThanOrEqual(145);
    expect(text).toBe('late but whole');
  });

  it('aborts a hanging answer when the abort signal times out', async () => {
    server.enqueue({ hang: true });
    const started = Date.now();

    const result = streamText({ model, prompt: 'hi', maxRetries: 0, abortSignal: AbortSignal.timeout(300) });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);

    // streamText reports an abort as an 'abort' part, not a thrown error; the result promises reject.
    expect(types).toEqual(['start', 'abort']);
    await expect(result.text).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1);
  });

  it('asks respond() when the queue is empty, and close() cuts a hanging answer', async () => {
    const own = await startFakeModelServer({ respond: (request) => (request.messages.length > 1 ? { hang: true } : { text: 'from respond' }) });
    const ownModel = createOpenAICompatible({ name: 'fake', baseURL: own.url })('fake-model');
    own.enqueue({ text: 'from queue' });

    expect((await generateText({ model: ownModel, prompt: 'a', maxRetries: 0 })).text).toBe('from queue');
    expect((await generateText({ model: ownModel, prompt: 'b', maxRetries: 0 })).text).toBe('from respond');
    const hanging = generateText({ model: ownModel, system: 's', prompt: 'c', maxRetries: 0 }).catch((e: unknown) => e);
    await expect.poll(() => own.requests.length).toBe(3);
    await own.close();

    expect(APICallError.isInstance(await hanging)).toBe(true);
  });
});

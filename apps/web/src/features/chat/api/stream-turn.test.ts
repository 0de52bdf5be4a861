import type { ChatMessage } from '@sparks/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readTurnStream } from './read-turn-stream';
import { streamTurn, type StreamTurnDeps } from './stream-turn';

const createdAt = '2026-03-10T12:00:00.000Z';
const answer: ChatMessage = {
  type: 'ai',
  data: { content: 'Returns take 30 days [1].', citations: [{ marker: 1, title: 'Policy', excerpt: '30 days' }] },
  createdAt,
};
const card: ChatMessage = { type: 'action', data: { type: 'card', title: 'Name', info: [{ label: 'Name', value: 'Bikes' }] }, createdAt };

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A byte stream that delivers the text in pieces of `size` characters, as a network would. */
function streamOf(text: string, size = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

describe('reading a streamed turn', () => {
  it('reports start, every delta and every finished message, and resolves with done', async () => {
    const text = [
      sse('start', { conversationId: 'c1' }),
      sse('delta', { text: 'Returns take ' }),
      sse('delta', { text: '30 days [1].' }),
      sse('message', { message: answer }),
      sse('message', { message: card }),
      sse('done', { conversationId: 'c1', messages: [answer, card] }),
    ].join('');
    const seen: string[] = [];
    const turn = await readTurnStream(streamOf(text), {
      onStart: (id) => seen.push(`start ${id}`),
      onDelta: (delta) => seen.push(`delta ${delta}`),
      onMessage: (message) => seen.push(`message ${message.type}`),
    });
    expect(seen).toEqual(['start c1', 'delta Returns take ', 'delta 30 days [1].', 'message ai', 'message action']);
    expect(turn).toEqual({ conversationId: 'c1', messages: [answer, card] });
  });

  it('splits multi-byte text across chunks without garbling it', async () => {
    const deltas: string[] = [];
    await readTurnStream(streamOf(sse('delta', { text: 'Devoluciones: 30 días ✓' }) + sse('done', { conversationId: 'c', messages: [] }), 3), {
      onDelta: (delta) => deltas.push(delta),
    });
    expect(deltas).toEqual(['Devoluciones: 30 días ✓']);
  });

  it("reads a test chat's done, which carries one ai answer", async () => {
    const turn = await readTurnStream(streamOf(sse('done', { conversationId: 't1', ai: answer })));
    expect(turn).toEqual({ conversationId: 't1', messages: [answer] });
  });

  it('throws the error event as an ApiError with its status and code', async () => {
    const text =
      sse('start', { conversationId: 'c1' }) + sse('error', { errors: ['The assistant could not answer right now.'], code: 'MODEL_UNAVAILABLE', status: 502 });
    const failure = await readTurnStream(streamOf(text)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'The assistant could not answer right now.', status: 502, code: 'MODEL_UNAVAILABLE' });
  });

  it('fails when the stream ends before done, and skips malformed messages', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onMessage = vi.fn();
    const text = sse('message', { message: { type: 'ai' } }) + 'event: delta\ndata: {not json\n\n';
    await expect(readTurnStream(streamOf(text), { onMessage })).rejects.toBeInstanceOf(ApiError);
    expect(onMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('sending a turn', () => {
  const request = { method: 'POST' as const, path: '/llm/chat', body: { sparkId: 's', message: { type: 'human', content: 'Hi' } } };
  const deps = (respond: () => Response, asJson = vi.fn()): StreamTurnDeps & { calls: RequestInit[] } => {
    const calls: RequestInit[] = [];
    return {
      calls,
      baseURL: '/api/v1',
      accessToken: () => 'token-1',
      asJson,
      fetch: (_url, init) => {
        calls.push(init ?? {});
        return Promise.resolve(respond());
      },
    };
  };

  it('asks for an event stream with the bearer token and follows it', async () => {
    const body = sse('start', { conversationId: 'c9' }) + sse('message', { message: answer }) + sse('done', { conversationId: 'c9', messages: [answer] });
    const peer = deps(() => new Response(streamOf(body), { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
    const onMessage = vi.fn();
    const turn = await streamTurn(request, { onMessage }, undefined, peer);
    expect(turn.conversationId).toBe('c9');
    expect(onMessage).toHaveBeenCalledWith(answer);
    const headers = peer.calls[0]?.headers as Record<string, string>;
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(peer.calls[0]?.body))).toEqual(request.body);
  });

  it('on a 403 sends the turn once through the JSON client, which refreshes the token', async () => {
    const asJson = vi.fn().mockResolvedValue({ conversationId: 'c2', messages: [answer] });
    const peer = deps(() => Response.json({ errors: ['Your session has expired'], code: 'TOKEN_INVALID', status: 403 }, { status: 403 }), asJson);
    expect(await streamTurn(request, {}, undefined, peer)).toEqual({ conversationId: 'c2', messages: [answer] });
    expect(asJson).toHaveBeenCalledWith(request);
  });

  it("raises the server's error body with its status (402: the plan's limit)", async () => {
    const peer = deps(() => Response.json({ errors: ['You reached the interactions of your plan'], code: 'PAYMENT_REQUIRED', status: 402 }, { status: 402 }));
    await expect(streamTurn(request, {}, undefined, peer)).rejects.toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
      message: 'You reached the interactions of your plan',
    });
  });

  it('reads a refusal without an error body as the JSON client does: by its status', async () => {
    const peer = deps(() => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(streamTurn(request, {}, undefined, peer)).rejects.toMatchObject({
      message: 'Request failed with status code 502',
      status: 502,
      code: undefined,
    });
  });

  it('accepts a JSON answer when the server does not stream', async () => {
    const peer = deps(() => Response.json({ data: { conversationId: 'c3', ai: answer } }));
    expect(await streamTurn(request, {}, undefined, peer)).toEqual({ conversationId: 'c3', messages: [answer] });
  });

  it('reports an unreachable server as a network error', async () => {
    const peer = { ...deps(() => new Response()), fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
    await expect(streamTurn(request, {}, undefined, peer)).rejects.toMatchObject({ message: 'Network Error', status: undefined });
  });

  it('sends a system-assistant turn as a GET with its query and reads its sessionId', async () => {
    const urls: string[] = [];
    const body =
      sse('start', { conversationId: 's1' }) + sse('message', { message: answer }) + sse('done', { sessionId: 's1', sparkId: null, messages: [answer] });
    const peer = {
      ...deps(() => new Response()),
      fetch: (url: RequestInfo | URL, init?: RequestInit) => {
        urls.push(String(url));
        expect(init?.method).toBe('GET');
        expect(init?.body).toBeUndefined();
        return Promise.resolve(new Response(streamOf(body), { headers: { 'content-type': 'text/event-stream' } }));
      },
    };
    const system = { method: 'GET' as const, path: '/spark-sys/new-spark/chat', query: { 'input[text]': 'Bike shop & co', sessionId: 's1', stream: 'true' } };
    expect(await streamTurn(system, {}, undefined, peer)).toEqual({ conversationId: 's1', messages: [answer] });
    expect(urls[0]).toBe('/api/v1/spark-sys/new-spark/chat?input%5Btext%5D=Bike+shop+%26+co&sessionId=s1&stream=true');
  });
});

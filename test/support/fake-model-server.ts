import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A reply, or how to make one from the request (a model that echoes its prompt). */
export type QueuedReply = FakeReply | ((request: FakeChatRequest) => FakeReply);

/** What the fake answers to one request. */
export type FakeReply =
  | { text: string; chunkSize?: number; delayMs?: number; firstTokenDelayMs?: number }
  | { toolCalls: Array<{ name: string; arguments: object }>; text?: string }
  | { status: number; body?: unknown }
  | { malformed: true }
  | { hang: true }
  | { dropAfterChunks: number; text?: string };

export interface FakeChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  [key: string]: unknown;
}

/** A request body as the client sent it; only the fields tests usually read are typed. */
export interface FakeChatRequest {
  model?: string;
  messages: FakeChatMessage[];
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface FakeModelServer {
  /** Base URL ending in /v1: the baseURL for an OpenAI-compatible client. */
  url: string;
  /** Every parsed request body, in arrival order (recorded before it is answered). */
  requests: FakeChatRequest[];
  /** Every text sent to POST /v1/embeddings, in arrival order. */
  embeddingInputs: string[];
  /** Replies taken one per request, ahead of `respond`; a function answers from the request it is given. */
  enqueue(...replies: QueuedReply[]): void;
  /** Stops listening and cuts every open connection, hanging answers included. */
  close(): Promise<void>;
}

// Small enough that an ordinary sentence arrives as several deltas, like real token streaming.
const DEFAULT_CHUNK_SIZE = 4;

/**
 * A real OpenAI-compatible chat-completions server on loopback, so tests drive the product's real
 * provider client over HTTP. Each request takes the next queued reply, else asks `respond`, else
 * echoes the last user message.
 */
/** A stable toy embedding: words hashed into 64 buckets, normalised. Tests pass their own to model meaning. */
export function bagOfWordsEmbedding(text: string, dimensions = 64): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

export async function startFakeModelServer(
  options: {
    respond?: (request: FakeChatRequest) => FakeReply | Promise<FakeReply>;
    /** Serves POST /v1/embeddings (OpenAI's shape); throwing answers 500. */
    embed?: (text: string) => number[];
  } = {},
): Promise<FakeModelServer> {
  const embeddingInputs: string[] = [];
  const queue: QueuedReply[] = [];
  const requests: FakeChatRequest[] = [];
  let sequence = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      // A handler bug must fail the test loudly, not leave the client waiting for a timeout.
      if (!res.headersSent) sendError(res, 500, String(error));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (req.method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === '/v1/embeddings') {
      const body = JSON.parse(raw) as { input: string | string[]; model?: string };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      embeddingInputs.push(...inputs);
      const embed = options.embed ?? ((text: string) => bagOfWordsEmbedding(text));
      let data: Array<{ object: 'embedding'; index: number; embedding: number[] }>;
      try {
        data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: embed(input) }));
      } catch (error) {
        sendError(res, 500, `embed() threw: ${String(error)}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ object: 'list', data, model: body.model ?? 'fake-embedding', usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } }),
      );
      return;
    }
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/v1/chat/completions') {
      sendError(res, 404, `No route ${req.method} ${req.url}`, 'invalid_request_error');
      return;
    }
    let request: FakeChatRequest;
    try {
      request = JSON.parse(raw) as FakeChatRequest;
    } catch {
      sendError(res, 400, 'Request body is not JSON.', 'invalid_request_error');
      return;
    }
    requests.push(request);
    let reply: FakeReply;
    try {
      const queued = queue.shift();
      reply =
        typeof queued === 'function'
          ? queued(request)
          : (queued ?? (options.respond ? await options.respond(request) : { text: `echo: ${lastUserText(request)}` }));
    } catch (error) {
      sendError(res, 500, `respond() threw: ${String(error)}`);
      return;
    }
    sequence += 1;
    await answer(new Reply(request, res, `chatcmpl-fake-${sequence}`), reply);
  }

  async function answer(out: Reply, reply: FakeReply): Promise<void> {
    if ('hang' in reply) return; // the response stays open until close() cuts it
    if ('status' in reply) {
      out.res.writeHead(reply.status, { 'content-type': 'application/json' });
      out.res.end(JSON.stringify(reply.body ?? errorBody(reply.status, `Fake upstream error ${reply.status}`)));
      return;
    }
    if ('malformed' in reply) {
      if (!out.streaming) {
        out.res.writeHead(200, { 'content-type': 'application/json' });
        out.res.end('{"id": "chatcmpl-broken", "choices": [');
        return;
      }
      out.startStream();
      out.res.write('data: {"id": "chatcmpl-broken", "choices": [\n\n');
      out.res.write('data: <html>Bad Gateway</html>\n\n');
      out.res.end();
      return;
    }
    if ('dropAfterChunks' in reply) {
      const text = reply.text ?? Array.from({ length: reply.dropAfterChunks + 1 }, (_, i) => `chunk${i + 1} `).join('');
      const pieces = split(text, DEFAULT_CHUNK_SIZE);
      if (!out.streaming) {
        const body = JSON.stringify(out.completion({ role: 'assistant', content: text }, 'stop'));
        out.res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        out.res.write(body.slice(0, Math.floor(body.length / 2)));
        out.res.destroy();
        return;
      }
      out.startStream();
      pieces.slice(0, reply.dropAfterChunks).forEach((piece, i) => out.chunk(i === 0 ? { role: 'assistant', content: piece } : { content: piece }, null));
      // Let the written chunks reach the client before the cut, so it sees a mid-stream drop.
      await sleep(20);
      out.res.destroy();
      return;
    }
    if ('toolCalls' in reply) {
      const calls = reply.toolCalls.map((call) => ({
        id: `call_fake_${sequence}_${call.name}`,
        type: 'function' as const,
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
      if (!out.streaming) {
        out.json(out.completion({ role: 'assistant', content: reply.text ?? null, tool_calls: calls }, 'tool_calls'));
        return;
      }
      out.startStream();
      out.chunk({ role: 'assistant', content: reply.text ? '' : null }, null);
      for (const piece of split(reply.text ?? '', DEFAULT_CHUNK_SIZE)) out.chunk({ content: piece }, null);
      calls.forEach((call, index) => {
        // As OpenAI does: the opening delta names the call, later deltas only append arguments.
        out.chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null);
        for (const piece of split(call.function.arguments, 8)) out.chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null);
      });
      out.finish('tool_calls');
      return;
    }
    if (!out.streaming) {
      await sleep(reply.firstTokenDelayMs ?? 0);
      out.json(out.completion({ role: 'assistant', content: reply.text }, 'stop'));
      return;
    }
    out.startStream();
    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs);
    const pieces = split(reply.text, reply.chunkSize ?? DEFAULT_CHUNK_SIZE);
    out.chunk({ role: 'assistant', content: '' }, null);
    for (const [i, piece] of pieces.entries()) {
      if (out.res.destroyed) return; // client gave up or server closed: stop writing into the void
      if (i > 0 && reply.delayMs) await sleep(reply.delayMs);
      out.chunk({ content: piece }, null);
    }
    out.finish('stop');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    embeddingInputs,
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One response in the making; knows whether the client asked for a stream and for usage. */
class Reply {
  readonly streaming: boolean;
  private readonly created = Math.floor(Date.now() / 1000);
  private completionTokens = 0;

  constructor(
    private readonly request: FakeChatRequest,
    readonly res: ServerResponse,
    private readonly id: string,
  ) {
    this.streaming = request.stream === true;
  }

  startStream(): void {
    this.res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // Headers go out now so a client measuring time-to-first-token sees the delay in the body.
    this.res.flushHeaders();
  }

  chunk(delta: Record<string, unknown>, finishReason: string | null): void {
    if (delta.content || delta.tool_calls) this.completionTokens += 1;
    this.send({ ...this.base('chat.completion.chunk'), choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  }

  finish(finishReason: string): void {
    this.chunk({}, finishReason);
    if (this.request.stream_options?.include_usage) this.send({ ...this.base('chat.completion.chunk'), choices: [], usage: this.usage() });
    this.res.end('data: [DONE]\n\n');
  }

  completion(message: Record<string, unknown>, finishReason: string): Record<string, unknown> {
    this.completionTokens = Math.max(1, Math.ceil(String(message.content ?? '').length / 4) + (message.tool_calls ? 8 : 0));
    return { ...this.base('chat.completion'), choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }], usage: this.usage() };
  }

  json(body: unknown): void {
    this.res.writeHead(200, { 'content-type': 'application/json' });
    this.res.end(JSON.stringify(body));
  }

  private send(body: unknown): void {
    if (!this.res.destroyed) this.res.write(`data: ${JSON.stringify(body)}\n\n`);
  }

  private base(object: string) {
    return { id: this.id, object, created: this.created, model: this.request.model ?? 'fake-model', system_fingerprint: 'fp_fake' };
  }

  private usage() {
    // Rough but stable numbers: tests on token accounting need non-zero, deterministic counts.
    const prompt = Math.max(1, Math.ceil(JSON.stringify(this.request.messages ?? []).length / 4));
    return { prompt_tokens: prompt, completion_tokens: this.completionTokens, total_tokens: prompt + this.completionTokens };
  }
}

function sendError(res: ServerResponse, status: number, message: string, type = 'server_error'): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(errorBody(status, message, type)));
}

function errorBody(status: number, message: string, type = status === 429 ? 'rate_limit_exceeded' : 'server_error') {
  return { error: { message, type, param: null, code: status === 429 ? 'rate_limit_exceeded' : null } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Splits by code point so a chunk boundary never halves an emoji or other surrogate pair. */
function split(text: string, size: number): string[] {
  const chars = Array.from(text);
  const step = Math.max(1, size);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += step) pieces.push(chars.slice(i, i + step).join(''));
  return pieces;
}

function lastUserText(request: FakeChatRequest): string {
  const content = [...(request.messages ?? [])].reverse().find((m) => m.role === 'user')?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
  return '';
}

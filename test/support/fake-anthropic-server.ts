import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnthropicRequest {
  headers: IncomingMessage['headers'];
  body: { model?: string; system?: unknown; messages?: Array<{ role: string; content: unknown }>; stream?: boolean; [key: string]: unknown };
}

export interface FakeAnthropicServer {
  /** Base URL ending in /v1, as the Anthropic client takes it. */
  url: string;
  requests: FakeAnthropicRequest[];
  close(): Promise<void>;
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A loopback peer speaking Anthropic's Messages API: it streams `text` back in small pieces with
 * the event sequence the real API uses (message_start … message_stop), so the product's real
 * Anthropic client is exercised over HTTP.
 */
export async function startFakeAnthropicServer(text: string, chunkSize = 5): Promise<FakeAnthropicServer> {
  const requests: FakeAnthropicRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/messages') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no route' } }));
        return;
      }
      const body = JSON.parse(raw) as FakeAnthropicRequest['body'];
      requests.push({ headers: req.headers, body });
      const id = `msg_fake_${requests.length}`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        event('message_start', {
          type: 'message_start',
          message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 0 } },
        }),
      );
      res.write(event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
      for (let at = 0; at < text.length; at += chunkSize) {
        res.write(event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text.slice(at, at + chunkSize) } }));
      }
      res.write(event('content_block_stop', { type: 'content_block_stop', index: 0 }));
      res.write(event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } }));
      res.end(event('message_stop', { type: 'message_stop' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStream {
  /** `id` marks an event a reconnecting client resumes after (its Last-Event-ID). */
  send(event: string, data: unknown, id?: number): void;
  end(): void;
  /** Aborts when the client goes away before the stream ends. */
  signal: AbortSignal;
}

export const wantsEventStream = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * Opens a Server-Sent Events response through Fastify (so security headers still apply) and
 * writes each event as soon as it is sent: nothing buffers between the model and the browser.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const stream = new PassThrough();
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client closed the stream'));
  });
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // Proxies such as nginx would otherwise hold the events back.
    .header('x-accel-buffering', 'no')
    .send(stream);
  return {
    send(event, data, id) {
      if (!stream.writableEnded) stream.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!stream.writableEnded) stream.end();
    },
    signal: controller.signal,
  };
}

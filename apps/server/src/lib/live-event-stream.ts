import { ERROR_CODES, liveResumeSchema } from '@sparks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { openEventStream, wantsEventStream } from './event-stream.js';

/** One event of a stream that never ends by itself: `id` only on stored messages, so a reconnect resumes after it. */
export interface LiveStreamEvent {
  event: 'message' | 'typing' | 'state' | 'conversation' | 'ping';
  id?: number;
  data: unknown;
}

/**
 * Where a reconnecting stream resumes: the `Last-Event-ID` header an EventSource sends, else the
 * `after` query, else the start. Anything but a plain event id is refused, not guessed at.
 */
export function resumeAfter(request: FastifyRequest, after: number | undefined): number {
  const header = request.headers['last-event-id'];
  if (header === undefined) return after ?? 0;
  const parsed = liveResumeSchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'Last-Event-ID must be the id of an event received.');
  return parsed.data;
}

/**
 * Sends a live stream as Server-Sent Events until the client leaves. The first event is read
 * before the response starts, so a refusal (not found, not allowed) is an ordinary error answer.
 */
export async function sendLiveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  events: (signal: AbortSignal) => AsyncGenerator<LiveStreamEvent>,
): Promise<void> {
  const controller = new AbortController();
  const iterator = events(controller.signal);
  // Who may read it is settled first (a stranger learns nothing from the next answer).
  const first = await iterator.next();
  // A stream never ends by itself: only a client that reads one (an EventSource sends this) may open it.
  if (!wantsEventStream(request)) {
    controller.abort();
    await iterator.return(undefined);
    throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'This address is a live stream: ask for it with Accept: text/event-stream.');
  }
  // The connection ends with the stream: an instance stopping never waits for it to idle out.
  void reply.header('connection', 'close');
  const stream = openEventStream(reply);
  stream.signal.addEventListener('abort', () => controller.abort(), { once: true });
  request.raw.on('close', () => controller.abort());
  void (async () => {
    try {
      for (let next = first; !next.done; next = await iterator.next()) stream.send(next.value.event, next.value.data, next.value.id);
    } catch (error) {
      request.log.warn({ err: error }, 'a live stream ended on an error');
      stream.send('error', { message: 'The connection was interrupted. Reconnecting…' });
    } finally {
      stream.end();
    }
  })();
}

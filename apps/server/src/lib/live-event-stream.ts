import { ERROR_CODES, LIVE_EVENTS, liveResumeSchema, type LiveStreamEnd } from '@sparks/contract';
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

/** What keeps a stream open besides its client: `ended` aborts when the session it was opened with ends. */
export interface StreamKeeper {
  readonly ended: AbortSignal;
  release(): void;
}

/**
 * Sends a live stream as Server-Sent Events until the client leaves, or until the session that
 * opened it ends (`keeper`): then nothing more is sent but a last `ended` event saying why. The
 * first event is read before the response starts, so a refusal (not found, not allowed) is an
 * ordinary error answer.
 */
export async function sendLiveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  events: (signal: AbortSignal) => AsyncGenerator<LiveStreamEvent>,
  keeper?: StreamKeeper,
): Promise<void> {
  const controller = new AbortController();
  const ended = keeper?.ended ?? new AbortController().signal;
  const onEnded = () => controller.abort();
  ended.addEventListener('abort', onEnded, { once: true });
  const release = () => {
    ended.removeEventListener('abort', onEnded);
    keeper?.release();
  };
  let iterator: AsyncGenerator<LiveStreamEvent>;
  let first: IteratorResult<LiveStreamEvent>;
  try {
    iterator = events(controller.signal);
    // Who may read it is settled first (a stranger learns nothing from the next answer).
    first = await iterator.next();
  } catch (error) {
    release();
    throw error;
  }
  // A stream never ends by itself: only a client that reads one (an EventSource sends this) may open it.
  if (!wantsEventStream(request)) {
    controller.abort();
    release();
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
      for (let next = first; !next.done; next = await iterator.next()) {
        // What was read while the session ended is not sent: the session's owner may no longer see it.
        if (ended.aborted) break;
        stream.send(next.value.event, next.value.data, next.value.id);
      }
      if (ended.aborted) {
        await iterator.return(undefined);
        const end: LiveStreamEnd = { reason: 'session-ended' };
        stream.send(LIVE_EVENTS.ended, end);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'a live stream ended on an error');
      stream.send('error', { message: 'The connection was interrupted. Reconnecting…' });
    } finally {
      release();
      stream.end();
    }
  })();
}

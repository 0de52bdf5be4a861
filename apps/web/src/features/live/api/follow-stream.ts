import { LIVE_EVENTS } from '@sparks/contract';
import { API_BASE_PATH } from '@sparks/contract/constants';
import { readEvents, type StreamEvent } from '@sparks/contract/event-stream';
import { useSession } from '../../../lib/session-store';

/** Where a followed stream stands: connected, trying again after a drop, or refused for good. */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'failed';

export interface FollowStreamDeps {
  fetch: typeof fetch;
  accessToken(): string | null;
  baseURL: string;
  /** Waits before the next attempt; resolves early when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface FollowStreamOptions {
  /** The stream's path under the API base, e.g. `/sparks/{id}/live/events`. */
  path: string;
  signal: AbortSignal;
  onEvent(event: StreamEvent): void;
  onStatus?(status: StreamStatus): void;
  /** The id of the last event received, sent back on reconnecting so nothing is lost or shown twice. */
  lastEventId?(): number | undefined;
  /**
   * Called when the server refuses the token (403: expired), or ends the stream because its session
   * ended (a logout, a password reset): a JSON call through the API client refreshes the token, takes
   * newer tokens another tab stored, or signs out as after an expired session; the stream then
   * tries again with whatever token is left, and stops for good without one.
   */
  renewSession?(): Promise<void>;
}

/** Waits after a drop: 1 s, 2 s, 4 s… up to 15 s, so a server coming back is not stormed by every screen at once. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;
export const reconnectDelay = (attempt: number): number => RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const browserDeps: FollowStreamDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  accessToken: () => useSession.getState().accessToken,
  baseURL: API_BASE_PATH,
  sleep,
};

/** Statuses after which trying again cannot help: the conversation is gone or not the owner's. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 403 && status !== 408 && status !== 429;

/**
 * Follows one live stream for as long as the signal allows. fetch, not EventSource: the stream
 * needs the bearer header. A dropped connection, or one the server ends, is opened again after a
 * growing wait, with `Last-Event-ID` so the server sends only what came later. A stream the server
 * ended with `ended` (its session is over) is not tried again with the same token: the session is
 * renewed or signed out first, at once.
 */
export async function followStream(options: FollowStreamOptions, deps: FollowStreamDeps = browserDeps): Promise<void> {
  const { signal } = options;
  let attempt = 0;
  let renewed = false;
  let first = true;
  while (!signal.aborted) {
    options.onStatus?.(first ? 'connecting' : 'reconnecting');
    first = false;
    try {
      const token = deps.accessToken();
      const lastId = options.lastEventId?.();
      const response = await deps.fetch(`${deps.baseURL}${options.path}`, {
        headers: {
          Accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastId ? { 'Last-Event-ID': String(lastId) } : {}),
        },
        signal,
      });
      if (response.status === 403 && options.renewSession && !renewed) {
        renewed = true;
        await options.renewSession();
        continue;
      }
      if (isFinal(response.status)) {
        options.onStatus?.('failed');
        return;
      }
      if (response.ok && response.body) {
        options.onStatus?.('open');
        attempt = 0;
        renewed = false;
        let sessionEnded = false;
        for await (const event of readEvents(response.body)) {
          if (signal.aborted) return;
          if (event.event === LIVE_EVENTS.ended) {
            sessionEnded = true;
            break;
          }
          options.onEvent(event);
        }
        if (sessionEnded) {
          if (!options.renewSession) {
            options.onStatus?.('failed');
            return;
          }
          renewed = true;
          await options.renewSession();
          continue;
        }
      }
    } catch {
      // A network error or an aborted read: tried again below, unless the screen is gone.
    }
    if (signal.aborted) return;
    options.onStatus?.('reconnecting');
    await deps.sleep(reconnectDelay(attempt), signal);
    attempt += 1;
  }
}

/** An event's JSON data, or undefined when it is not JSON. */
export function eventData(event: StreamEvent): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return undefined;
  }
}

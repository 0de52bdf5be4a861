import { readEvents } from '@sparks/contract/event-stream';
import type { WidgetMessage } from '@sparks/contract';

export interface LiveFollowOptions {
  url: string;
  headers(): Record<string, string>;
  /** A message a person wrote, or a notice of them joining or leaving, each once. */
  onMessage(message: WidgetMessage): void;
  onTyping(): void;
}

/** Waits before reconnecting, growing to the last after each failure in a row. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Follows the visitor's own conversation while the frame is open, so a person who takes it over
 * reaches them here. A dropped connection reconnects by itself, asking for what came after the
 * last message received (Last-Event-ID): nothing is lost and nothing shown twice. Without a
 * conversation yet (404) it waits for the visitor's first question to start again.
 */
export function liveFollow(options: LiveFollowOptions): { start(after?: number): void } {
  let last = 0;
  let running = false;
  let failures = 0;

  const connect = async (): Promise<'again' | 'stop'> => {
    const response = await fetch(options.url, {
      headers: { ...options.headers(), accept: 'text/event-stream', ...(last > 0 ? { 'last-event-id': String(last) } : {}) },
    });
    if (response.status === 404) return 'stop';
    if (!response.ok || !response.body) return 'again';
    failures = 0;
    for await (const { event, data, id } of readEvents(response.body)) {
      if (event === 'message') {
        const seq = Number(id);
        if (seq <= last) continue;
        last = seq;
        options.onMessage(JSON.parse(data) as WidgetMessage);
      } else if (event === 'typing') options.onTyping();
    }
    return 'again';
  };

  const run = async () => {
    running = true;
    for (;;) {
      const next = await connect().catch(() => 'again' as const);
      if (next === 'stop') break;
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]));
    }
    running = false;
  };

  return {
    /** Starts following (again), after the history's last message when the frame has just shown it. */
    start(after = 0) {
      last = Math.max(last, after);
      if (!running) void run();
    },
  };
}

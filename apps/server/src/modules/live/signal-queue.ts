import type { LiveSignal } from './live-bus.js';

/** Signals a slow stream may hold before it just reads everything again. */
const MOST_HELD = 100;

/**
 * The signals one stream has heard and not yet dealt with. A stream subscribes before it reads
 * what it missed, so a message stored meanwhile is heard too (and skipped if already sent).
 */
export class SignalQueue {
  private items: LiveSignal[] = [];
  private wake?: () => void;

  push(signal: LiveSignal): void {
    this.items.push(signal);
    // A stream that fell behind needs no backlog of news: one "read everything after your last" does.
    if (this.items.length > MOST_HELD) this.items = [{ kind: 'resync' }];
    this.wake?.();
  }

  /** The next signal, or 'idle' after `idleMs` with none (time for a keep-alive), or 'closed' when the client left. */
  async next(signal: AbortSignal, idleMs: number): Promise<LiveSignal | 'idle' | 'closed'> {
    if (signal.aborted) return 'closed';
    const ready = this.items.shift();
    if (ready) return ready;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, idleMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      this.wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
    this.wake = undefined;
    if (signal.aborted) return 'closed';
    return this.items.shift() ?? 'idle';
  }
}

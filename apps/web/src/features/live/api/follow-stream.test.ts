import type { StreamEvent } from '@sparks/contract/event-stream';
import { describe, expect, it, vi } from 'vitest';
import { followStream, reconnectDelay, type FollowStreamDeps, type StreamStatus } from './follow-stream';

const sse = (text: string, status = 200) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status, headers: { 'content-type': 'text/event-stream' } },
  );

/** A fetch that answers each call in turn, and stops the follower once its answers run out. */
function scripted(answers: Array<Response | Error>, controller: AbortController) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const next = answers.shift();
    if (!next) {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    }
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const waits: number[] = [];
  const deps: FollowStreamDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    accessToken: () => 'token-1',
    baseURL: '/api/v1',
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
  return { deps, calls, waits };
}

describe('followStream', () => {
  it('sends the bearer token and asks for an event stream', async () => {
    const controller = new AbortController();
    const { deps, calls } = scripted([sse('event: ping\ndata: {}\n\n')], controller);
    const events: StreamEvent[] = [];
    await followStream({ path: '/sparks/s1/live/events', signal: controller.signal, onEvent: (event) => events.push(event) }, deps);
    expect(calls[0]).toEqual({ url: '/api/v1/sparks/s1/live/events', headers: { Accept: 'text/event-stream', Authorization: 'Bearer token-1' } });
    expect(events).toEqual([{ event: 'ping', data: '{}' }]);
  });

  it('reconnects after a drop with the last id received, and says so meanwhile', async () => {
    const controller = new AbortController();
    const { deps, calls, waits } = scripted(
      [sse('id: 4\nevent: message\ndata: {"seq":4}\n\n'), new TypeError('Failed to fetch'), sse('id: 5\nevent: message\ndata: {"seq":5}\n\n')],
      controller,
    );
    let last: number | undefined;
    const statuses: StreamStatus[] = [];
    await followStream(
      {
        path: '/x',
        signal: controller.signal,
        lastEventId: () => last,
        onStatus: (status) => statuses.push(status),
        onEvent: (event) => (last = (JSON.parse(event.data) as { seq: number }).seq),
      },
      deps,
    );
    expect(calls[0]!.headers['Last-Event-ID']).toBeUndefined();
    expect(calls[1]!.headers['Last-Event-ID']).toBe('4');
    expect(calls[2]!.headers['Last-Event-ID']).toBe('4');
    expect(calls[3]!.headers['Last-Event-ID']).toBe('5');
    expect(last).toBe(5);
    expect(statuses.slice(0, 4)).toEqual(['connecting', 'open', 'reconnecting', 'reconnecting']);
    // The wait grows while the server stays away and starts again once a connection held.
    expect(waits).toEqual([1000, 2000, 1000]);
  });

  it('waits longer after each failed attempt, up to 15 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('renews an expired token once, then tries again with the new one', async () => {
    const controller = new AbortController();
    const { deps, calls } = scripted([new Response('{}', { status: 403 }), sse('event: ping\ndata: {}\n\n')], controller);
    let token = 'old';
    deps.accessToken = () => token;
    const renewSession = vi.fn(() => {
      token = 'new';
      return Promise.resolve();
    });
    await followStream({ path: '/x', signal: controller.signal, onEvent: () => undefined, renewSession }, deps);
    expect(renewSession).toHaveBeenCalledOnce();
    expect(calls[1]!.headers.Authorization).toBe('Bearer new');
  });

  it('renews or signs out at once when the server ends the stream with its session, and stops once no session is left', async () => {
    const controller = new AbortController();
    const { deps, calls, waits } = scripted(
      [
        sse('id: 4\nevent: message\ndata: {"seq":4}\n\nevent: ended\ndata: {"reason":"session-ended"}\n\nevent: ping\ndata: {}\n\n'),
        new Response('{}', { status: 401 }),
      ],
      controller,
    );
    let token: string | null = 'token-1';
    deps.accessToken = () => token;
    // As the API client does when the refresh is refused: the session is cleared.
    const renewSession = vi.fn(() => {
      token = null;
      return Promise.resolve();
    });
    const events: StreamEvent[] = [];
    const statuses: StreamStatus[] = [];
    await followStream(
      { path: '/x', signal: controller.signal, onEvent: (event) => events.push(event), onStatus: (status) => statuses.push(status), renewSession },
      deps,
    );
    expect(events.map((event) => event.event)).toEqual(['message']);
    expect(renewSession).toHaveBeenCalledOnce();
    // Not a drop: no wait before asking again, and without a token the stream stops for good.
    expect(waits).toEqual([]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.Authorization).toBeUndefined();
    expect(statuses.at(-1)).toBe('failed');
  });

  it('opens the stream again at once with the tokens of a newer session another tab stored', async () => {
    const controller = new AbortController();
    const { deps, calls, waits } = scripted([sse('event: ended\ndata: {"reason":"session-ended"}\n\n'), sse('event: ping\ndata: {}\n\n')], controller);
    let token = 'old';
    deps.accessToken = () => token;
    const renewSession = vi.fn(() => {
      token = 'newer';
      return Promise.resolve();
    });
    await followStream({ path: '/x', signal: controller.signal, onEvent: () => undefined, renewSession }, deps);
    expect(calls.map((call) => call.headers.Authorization).slice(0, 2)).toEqual(['Bearer old', 'Bearer newer']);
    // The only wait is after the second stream closed, an ordinary drop.
    expect(waits).toEqual([1000]);
  });

  it('stops at once when the server ends the stream with its session and nothing can renew it', async () => {
    const controller = new AbortController();
    const { deps, calls } = scripted([sse('event: ended\ndata: {"reason":"session-ended"}\n\n')], controller);
    const statuses: StreamStatus[] = [];
    await followStream({ path: '/x', signal: controller.signal, onEvent: () => undefined, onStatus: (status) => statuses.push(status) }, deps);
    expect(calls).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'open', 'failed']);
  });

  it('stops for good when the conversation is not there', async () => {
    const controller = new AbortController();
    const { deps, calls } = scripted([new Response('{}', { status: 404 })], controller);
    const statuses: StreamStatus[] = [];
    await followStream({ path: '/x', signal: controller.signal, onEvent: () => undefined, onStatus: (status) => statuses.push(status) }, deps);
    expect(calls).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'failed']);
  });

  it('stops once the screen is gone', async () => {
    const controller = new AbortController();
    controller.abort();
    const { deps, calls } = scripted([sse('event: ping\ndata: {}\n\n')], controller);
    await followStream({ path: '/x', signal: controller.signal, onEvent: () => undefined }, deps);
    expect(calls).toHaveLength(0);
  });
});

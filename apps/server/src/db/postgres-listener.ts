import pg from 'pg';

/** How long a lost listening connection waits before it connects again, growing to a cap. */
const RETRY_MS = [250, 1_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would hand the subscription to other work):
 * NOTIFY payloads of `channel` go to `handler`. A connection lost to a restart or a failover is
 * replaced and listens again; `onReconnect` then tells the caller that notifications may have
 * been missed meanwhile, so it can read what it missed from the tables.
 */
export function listenOnPostgres(connectionString: string, channel: string, handler: (payload: string) => void, onReconnect: () => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await next.end().catch(() => undefined));
      client = next;
      if (failures > 0) onReconnect();
      failures = 0;
    } catch {
      lost(next);
    }
  };
  const lost = (which: pg.Client) => {
    if (stopped || (client && client !== which) || timer) return;
    client = undefined;
    void which.end().catch(() => undefined);
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };
  const started = connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await started;
    await client?.end().catch(() => undefined);
  };
}

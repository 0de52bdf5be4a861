import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';

/**
 * What one instance tells the others about a live conversation. Only news travels: a stream that
 * hears of a message reads it from the table, so a lost notification costs a delay, never a message.
 */
export type LiveSignal =
  | { kind: 'message' | 'state'; conversationId: string; sparkId: string }
  | { kind: 'typing'; conversationId: string; sparkId: string; role: 'visitor' | 'owner' }
  | { kind: 'person'; conversationId: string; sparkId: string }
  /** The listening connection was lost and is back: every stream reads what it may have missed. */
  | { kind: 'resync' };

const CHANNEL = 'sparks_live';
const sparkKey = (sparkId: string) => `spark:${sparkId}`;

/**
 * Live conversations across instances over the database every deployment has (docs/decisions/0030):
 * PostgreSQL's LISTEN/NOTIFY between instances, PGlite's own in the embedded one. Each instance
 * listens once and hands signals to its streams by conversation and by Spark.
 */
export class LiveBus {
  private readonly handlers = new Map<string, Set<(signal: LiveSignal) => void>>();
  private stopListening?: () => Promise<void>;
  private readonly closer = new AbortController();
  /** Aborted when the instance begins to stop: open streams end, so stopping never waits on a visitor's connection. */
  readonly closing: AbortSignal = this.closer.signal;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        try {
          this.deliver(JSON.parse(payload) as LiveSignal);
        } catch (error) {
          this.log.warn({ err: error }, 'a live signal could not be read');
        }
      },
      () => this.deliver({ kind: 'resync' }),
    );
  }

  /** Ends the streams (before the server waits for its connections to finish). */
  endStreams(): void {
    this.closer.abort();
  }

  async stop(): Promise<void> {
    this.closer.abort();
    await this.stopListening?.();
  }

  /** Hears the signals of one conversation; answers a function that stops. */
  onConversation(conversationId: string, handler: (signal: LiveSignal) => void): () => void {
    return this.on(conversationId, handler);
  }

  /** Hears the signals of every conversation of a Spark (the Live view's list). */
  onSpark(sparkId: string, handler: (signal: LiveSignal) => void): () => void {
    return this.on(sparkKey(sparkId), handler);
  }

  /** Tells every instance; sent after the change it announces is committed. */
  async publish(signal: Exclude<LiveSignal, { kind: 'resync' }>): Promise<void> {
    await this.database.executeSql('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(signal)]);
  }

  private on(key: string, handler: (signal: LiveSignal) => void): () => void {
    const set = this.handlers.get(key) ?? new Set();
    set.add(handler);
    this.handlers.set(key, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(key);
    };
  }

  private deliver(signal: LiveSignal): void {
    const targets =
      signal.kind === 'resync' ? [...this.handlers.values()] : [this.handlers.get(signal.conversationId), this.handlers.get(sparkKey(signal.sparkId))];
    for (const set of targets) for (const handler of set ?? []) handler(signal);
  }
}

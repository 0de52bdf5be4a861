import type { AccountEvents } from '../../lib/account-events.js';
import {
  ERROR_CODES,
  LIVE_ACTIVE_MINUTES,
  type ChatMessage,
  type LiveConversation,
  type LiveMessage,
  type LiveNotice,
  type LiveState,
  type LiveTranscript,
  type TakeOverBody,
  type VisitorChannel,
  roleAllows,
} from '@sparks/contract';
import type { Caller, CallerSession } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { SparksService } from '../sparks/sparks-service.js';
import type { LiveBus, LiveSignal } from './live-bus.js';
import type { LiveStreamEvent } from '../../lib/live-event-stream.js';
import { SignalQueue } from './signal-queue.js';
import { liveMessage } from './live-message.js';
import { liveSummary, stateOf } from './live-summary.js';
import { LiveRepository, type LiveRow, type StoredMessage } from './live-repository.js';
import { PersonWaitRepository } from './person-wait-repository.js';

/** What the owner says, or a notice, on its way to a visitor of another channel; a relay that cannot deliver throws. */
export type LiveRelay = (
  event: { sparkId: string; visitorHash: string | null; name: string } & ({ kind: 'owner'; text: string } | { kind: 'notice'; notice: LiveNotice }),
) => Promise<void>;

/**
 * A conversation given back to the Spark (by its owner or the quiet sweep): the module of its
 * channel answers what the person left unanswered there. A listener does not throw: the hand-back is
 * done whatever becomes of the answer (it only queues the work).
 */
export type HandBackListener = (conversation: { tenantId: string; sparkId: string; visitorHash: string; channel: VisitorChannel }) => Promise<void>;

/** How a visitor's own stream shows a stored message to them (the widget's view), or null for nothing. */
export type VisitorView = (message: ChatMessage) => object | null;

/** What a visitor's stream carries: what the person writes, the notices, and what the Spark says outside their own turns. */
const carriedToVisitor = (stored: StoredMessage): boolean =>
  stored.type === 'owner' || stored.type === 'notice' || (stored.type === 'ai' && stored.data.afterHandBack === true);

/** Conversations the Live view lists at most. */
const LISTED = 50;
/** A keep-alive this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export interface LiveServiceDeps {
  sparks: SparksService;
  bus: LiveBus;
  /** Where a takeover and its end are announced (webhooks). */
  events: AccountEvents;
}

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Conversation not found');

/**
 * Live conversations (docs/decisions/0030): the owner watches a Spark's visitors as they talk,
 * takes one over (the Spark stops answering it), writes to the visitor, and hands it back (or
 * the quiet sweep does). Every message is stored first; streams read from the table after a
 * signal, so a reconnecting client resumes after the last id it has, losing and repeating nothing.
 */
export class LiveService {
  private readonly repository: LiveRepository;
  private readonly personWait: PersonWaitRepository;
  private readonly relays: LiveRelay[] = [];
  private readonly handBackListeners: HandBackListener[] = [];

  constructor(
    db: Db,
    private readonly deps: LiveServiceDeps,
  ) {
    this.repository = new LiveRepository(db);
    this.personWait = new PersonWaitRepository(db);
  }

  async list(tenantId: string, sparkId: string): Promise<LiveConversation[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    const rows = await this.repository.active(tenantId, sparkId, new Date(Date.now() - LIVE_ACTIVE_MINUTES * 60_000), LISTED);
    const { last, votedDown, counts } = await this.repository.summaries(rows.map((row) => row.id));
    return rows.map((row) => liveSummary(row, last.get(row.id) ?? [], votedDown.has(row.id), counts.get(row.id) ?? 0));
  }

  async transcript(tenantId: string, sparkId: string, conversationId: string): Promise<LiveTranscript> {
    const row = await this.owned(tenantId, sparkId, conversationId);
    const stored: StoredMessage[] = [];
    for (let page = await this.repository.messagesAfter(row.id, 0); page.length > 0; page = await this.repository.messagesAfter(row.id, page.at(-1)!.seq))
      stored.push(...page);
    const { votedDown } = await this.repository.summaries([row.id]);
    return {
      conversation: liveSummary(row, stored.slice(-6), votedDown.has(row.id), stored.length),
      messages: stored.flatMap((message) => liveMessage(message) ?? []),
    };
  }

  /**
   * Another channel (WhatsApp) carries what the owner writes and the notices to its visitors: the
   * channel's module registers here, since this module knows no channel but the widget's stream.
   */
  relayTo(relay: LiveRelay): void {
    this.relays.push(relay);
  }

  /** Each channel's module hears of a conversation handed back, to answer what the person left unanswered. */
  onHandBack(listener: HandBackListener): void {
    this.handBackListeners.push(listener);
  }

  /** The Spark stops answering this visitor; the visitor reads that the owner joined. */
  async takeOver(caller: Caller, sparkId: string, conversationId: string, body: Required<TakeOverBody>): Promise<LiveState> {
    const row = await this.owned(caller.tenantId, sparkId, conversationId);
    const name = await this.repository.ownerName(caller.userId);
    if (!(await this.repository.takeOver(row.id, { userId: caller.userId, name, handBackMinutes: body.handBackMinutes })))
      throw new AppError(409, ERROR_CODES.CONFLICT, 'Someone else has taken this conversation over.');
    if (!row.takenOverAt) {
      await this.notice(row, 'joined', name);
      await this.deps.events.announce({
        tenantId: row.tenantId,
        event: 'takeover.started',
        data: { sparkId, conversationId: row.id, channel: row.channel ?? 'widget', by: name },
      });
    }
    await this.deps.bus.publish({ kind: 'state', conversationId: row.id, sparkId });
    return stateOf(await this.owned(caller.tenantId, sparkId, conversationId));
  }

  /** Gives the conversation back to the Spark: its holder does, or an admin or owner for a teammate who left it. */
  async handBack(caller: CallerSession, sparkId: string, conversationId: string): Promise<LiveState> {
    const row = await this.owned(caller.tenantId, sparkId, conversationId);
    if (row.takenOverBy && row.takenOverBy !== caller.userId && !roleAllows(caller.role, 'team.manage'))
      throw new AppError(409, ERROR_CODES.CONFLICT, `${row.takenOverName || 'Someone else'} has this conversation; they hand it back.`);
    await this.giveBack(row, 'left');
    return { takenOver: null };
  }

  /** A person's message to the visitor; only in a conversation they have taken over (a teammate's is theirs to write in). */
  async say(caller: Caller, sparkId: string, conversationId: string, text: string): Promise<LiveMessage> {
    const row = await this.owned(caller.tenantId, sparkId, conversationId);
    if (!row.takenOverAt) throw new AppError(409, ERROR_CODES.CONFLICT, 'Take the conversation over before writing to the visitor.');
    if (row.takenOverBy !== caller.userId)
      throw new AppError(
        409,
        ERROR_CODES.CONFLICT,
        `${row.takenOverName || 'Someone else'} has this conversation; they write to the visitor until they hand it back.`,
      );
    // Another channel's visitor gets it there first: what cannot reach them is not kept as said.
    for (const relay of this.relays) await relay({ sparkId, visitorHash: row.visitorHash, kind: 'owner', text, name: row.takenOverName ?? '' });
    const stored = await this.repository.append(row.id, 'owner', { content: text, name: row.takenOverName ?? '' });
    await this.deps.bus.publish({ kind: 'message', conversationId: row.id, sparkId });
    return liveMessage(stored)!;
  }

  async ownerTyping(caller: Caller, sparkId: string, conversationId: string): Promise<void> {
    const row = await this.owned(caller.tenantId, sparkId, conversationId);
    // Only who writes to the visitor is shown typing.
    if (row.takenOverBy !== caller.userId) return;
    await this.deps.bus.publish({ kind: 'typing', conversationId: row.id, sparkId, role: 'owner' });
  }

  /** The conversation a visitor's question goes to when a person has taken it over; null while the Spark answers. */
  async takenOverFor(sparkId: string, visitorHash: string): Promise<string | null> {
    const row = await this.repository.byVisitor(sparkId, visitorHash);
    return row?.takenOverAt ? row.id : null;
  }

  /** A visitor's message while a person answers: stored, and on the owner's screen at once. */
  async visitorSaid(sparkId: string, conversationId: string, text: string): Promise<StoredMessage> {
    const stored = await this.repository.append(conversationId, 'human', { content: text });
    await this.deps.bus.publish({ kind: 'message', conversationId, sparkId });
    return stored;
  }

  /** The id of the visitor's last message, where their widget's live stream picks up after their history. */
  async lastSeq(sparkId: string, visitorHash: string): Promise<number> {
    const row = await this.repository.byVisitor(sparkId, visitorHash);
    return row ? this.repository.lastSeq(row.id) : 0;
  }

  async visitorTyping(sparkId: string, visitorHash: string): Promise<void> {
    const row = await this.repository.byVisitor(sparkId, visitorHash);
    if (row) await this.deps.bus.publish({ kind: 'typing', conversationId: row.id, sparkId, role: 'visitor' });
  }

  /**
   * A turn the Spark answered was stored: the owner's screens hear of it. A visitor asking for a
   * person starts a wait: if nobody joins in time, the owner is e-mailed (`claimUnjoined`).
   */
  async turnStored(sparkId: string, conversationId: string, askedForPerson: boolean): Promise<void> {
    await this.deps.bus.publish({ kind: 'message', conversationId, sparkId });
    if (!askedForPerson) return;
    await this.personWait.asked(conversationId);
    await this.deps.bus.publish({ kind: 'person', conversationId, sparkId });
  }

  /** Whether the visitor of this conversation waits for a person to join (their owner is e-mailed when the wait ends). */
  awaitingPerson(conversationId: string): Promise<boolean> {
    return this.personWait.awaiting(conversationId);
  }

  /** Visitors who asked for a person before `cutoff` and whom nobody joined; each is answered once, by one instance. */
  claimUnjoined(cutoff: Date): Promise<Array<{ conversationId: string; tenantId: string; sparkId: string }>> {
    return this.personWait.claimUnjoined(cutoff);
  }

  /** An owner's message at `seq` and the visitor's question it answers (the last visitor message before it). */
  async ownerReply(tenantId: string, sparkId: string, conversationId: string, seq: number): Promise<{ question: string; answer: string }> {
    const row = await this.owned(tenantId, sparkId, conversationId);
    const { message, before } = await this.repository.withLast(row.id, seq, 'human');
    const reply = message && liveMessage(message);
    if (reply?.role !== 'owner') throw new AppError(404, ERROR_CODES.NOT_FOUND, 'There is no message of yours with this number in the conversation.');
    const question = before && liveMessage(before);
    if (!question?.content.trim())
      throw new AppError(409, ERROR_CODES.CONFLICT, 'The visitor asked nothing before this message: there is no question to answer.');
    return { question: question.content, answer: reply.content };
  }

  /** The quiet sweep: a conversation nobody wrote in for its quiet period goes back to the Spark. */
  async handBackQuiet(): Promise<number> {
    let handed = 0;
    for (const { id, sparkId } of await this.repository.quiet()) {
      const row = await this.repository.byId(id, sparkId);
      if (row && (await this.giveBack(row, 'handed-back'))) handed += 1;
    }
    return handed;
  }

  /** One conversation as it happens, for its owner: every message after `after`, then each as it comes. */
  async *ownerStream(tenantId: string, sparkId: string, conversationId: string, after: number, signal: AbortSignal): AsyncGenerator<LiveStreamEvent> {
    const row = await this.owned(tenantId, sparkId, conversationId);
    yield* this.stream(row, after, signal, liveMessage, true);
  }

  /**
   * The visitor's own conversation as it happens, in `view`'s shape: what the owner writes, the
   * notices, and the Spark's words on hand-back; their own words and the answers of their turns they have.
   */
  async *visitorStream(sparkId: string, visitorHash: string, after: number, signal: AbortSignal, view: VisitorView): AsyncGenerator<LiveStreamEvent> {
    const row = await this.repository.byVisitor(sparkId, visitorHash);
    if (!row) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'There is no conversation yet.');
    const shown = (stored: StoredMessage) => {
      if (!carriedToVisitor(stored)) return null;
      const message = view({ id: stored.id, type: stored.type, data: stored.data, createdAt: stored.createdAt.toISOString() });
      return message && { ...message, seq: stored.seq };
    };
    yield* this.stream(row, after, signal, shown, false);
  }

  /** A Spark's conversations changing, for the Live view's list: which one, and whether a visitor asked for a person. */
  async *sparkStream(tenantId: string, sparkId: string, signal: AbortSignal): AsyncGenerator<LiveStreamEvent> {
    await this.deps.sparks.get(tenantId, sparkId);
    const queue = new SignalQueue();
    const stop = this.deps.bus.onSpark(sparkId, (heard) => queue.push(heard));
    try {
      yield { event: 'state', data: { listening: true } };
      const ended = AbortSignal.any([signal, this.deps.bus.closing]);
      for (;;) {
        const heard = await queue.next(ended, KEEP_ALIVE_MS);
        if (heard === 'closed') return;
        if (heard === 'idle') yield { event: 'ping', data: {} };
        else if (heard.kind === 'resync') yield { event: 'conversation', data: { conversationId: null, kind: 'resync' } };
        else if (heard.kind !== 'typing') yield { event: 'conversation', data: { conversationId: heard.conversationId, kind: heard.kind } };
      }
    } finally {
      stop();
    }
  }

  private async *stream(
    row: LiveRow,
    after: number,
    signal: AbortSignal,
    view: (stored: StoredMessage) => object | null,
    forOwner: boolean,
  ): AsyncGenerator<LiveStreamEvent> {
    const queue = new SignalQueue();
    // Listening starts before the catch-up read: a message stored in between is heard, and skipped if already sent.
    const stop = this.deps.bus.onConversation(row.id, (heard) => queue.push(heard));
    let last = after;
    const catchUp = async function* (this: LiveService): AsyncGenerator<LiveStreamEvent> {
      for (let page = await this.repository.messagesAfter(row.id, last); page.length > 0; page = await this.repository.messagesAfter(row.id, last)) {
        for (const stored of page) {
          last = stored.seq;
          const message = view(stored);
          if (message) yield { event: 'message', id: stored.seq, data: message };
        }
      }
    }.bind(this);
    try {
      yield* catchUp();
      yield { event: 'state', data: stateOf((await this.repository.byId(row.id, row.sparkId)) ?? row) };
      const ended = AbortSignal.any([signal, this.deps.bus.closing]);
      for (;;) {
        const heard: LiveSignal | 'idle' | 'closed' = await queue.next(ended, KEEP_ALIVE_MS);
        if (heard === 'closed') return;
        if (heard === 'idle') yield { event: 'ping', data: {} };
        else if (heard.kind === 'typing') {
          // Each side sees the other typing, never itself.
          if ((heard.role === 'visitor') === forOwner) yield { event: 'typing', data: { role: heard.role } };
        } else if (heard.kind === 'state') {
          yield { event: 'state', data: stateOf((await this.repository.byId(row.id, row.sparkId)) ?? row) };
        } else {
          yield* catchUp();
          if (heard.kind === 'resync') yield { event: 'state', data: stateOf((await this.repository.byId(row.id, row.sparkId)) ?? row) };
        }
      }
    } finally {
      stop();
    }
  }

  private async giveBack(row: LiveRow, notice: Exclude<LiveNotice, 'joined'>): Promise<boolean> {
    const name = await this.repository.handBack(row.id);
    if (name === null) return false;
    await this.notice(row, notice, name);
    await this.deps.bus.publish({ kind: 'state', conversationId: row.id, sparkId: row.sparkId });
    await this.deps.events.announce({
      tenantId: row.tenantId,
      event: 'takeover.ended',
      data: { sparkId: row.sparkId, conversationId: row.id, channel: row.channel ?? 'widget', by: name },
    });
    if (row.visitorHash) {
      const handed = { tenantId: row.tenantId, sparkId: row.sparkId, visitorHash: row.visitorHash, channel: row.channel ?? 'widget' };
      for (const listener of this.handBackListeners) await listener(handed);
    }
    return true;
  }

  private async notice(row: LiveRow, notice: LiveNotice, name: string): Promise<void> {
    await this.repository.append(row.id, 'notice', { notice, name });
    // A notice that does not reach another channel's visitor is still the conversation's: it stays.
    for (const relay of this.relays) await relay({ sparkId: row.sparkId, visitorHash: row.visitorHash, kind: 'notice', notice, name }).catch(() => undefined);
    await this.deps.bus.publish({ kind: 'message', conversationId: row.id, sparkId: row.sparkId });
  }

  private async owned(tenantId: string, sparkId: string, conversationId: string): Promise<LiveRow> {
    const row = await this.repository.find(tenantId, sparkId, conversationId);
    if (!row) throw notFound();
    return row;
  }
}

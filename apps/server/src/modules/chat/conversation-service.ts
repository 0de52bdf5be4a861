import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LANGUAGES, roleAllows, type ChatHistory, type ChatMessage, type Language, type VisitorChannel } from '@sparks/contract';
import { v5 as nameBasedUuid } from 'uuid';
import type { Caller, CallerSession } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { ConversationsRepository, type NewConversation } from './conversations-repository.js';
import type { TurnEvent } from '../../lib/turn-event.js';
import { HISTORY_LIMITS } from '../../llm/history-for-model.js';

/** A visitor's last message, which nobody answered (a person had the conversation), with what came before it. */
export interface LeftUnanswered {
  conversation: NewConversation;
  /** The conversation before the message, oldest first. */
  history: ChatMessage[];
  question: ChatMessage;
}

export interface PreparedTurn {
  conversationId: string;
  /** Runs the turn; the conversation is stored only once it has finished. */
  events(signal: AbortSignal): AsyncGenerator<TurnEvent>;
}

/** How much of their conversation a returning visitor sees again. */
const VISITOR_HISTORY_MESSAGES = 200;

/** The name space of widget conversation ids: one id per Spark and visitor session. */
const VISITOR_CONVERSATIONS = 'b4a5f0d2-6c1e-4f3a-9d8b-2e7c5a1f9b30';

const conversationNotFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Conversation not found');

/** Conversations of one tenant: finding them, reading them, and storing a finished turn whole. */
export class ConversationService {
  private readonly repository: ConversationsRepository;

  constructor(db: Db) {
    this.repository = new ConversationsRepository(db);
  }

  /**
   * The conversation a turn continues, or a new one. An id of another tenant, another Spark,
   * another test or another kind answers exactly like a missing one.
   */
  async open(caller: Caller, target: Omit<NewConversation, 'id' | 'tenantId' | 'userId'>, conversationId: string | null | undefined) {
    if (!conversationId) {
      return { conversation: { ...target, id: randomUUID(), tenantId: caller.tenantId, userId: caller.userId }, history: [] as ChatMessage[] };
    }
    const row = await this.repository.find(caller.tenantId, conversationId);
    if (!row || row.sparkId !== target.sparkId || row.kind !== target.kind || row.testId !== target.testId) throw conversationNotFound();
    const { id, tenantId, sparkId, testId, userId, kind } = row;
    return {
      conversation: { id, tenantId, sparkId, testId, userId, kind } as NewConversation,
      history: await this.repository.recentMessages(id, HISTORY_LIMITS.messages * 2),
    };
  }

  /**
   * The system-assistant conversation of one topic that a turn continues, or a new one. Another
   * user's session, or one of another topic, answers like a missing one.
   */
  async openSystem(caller: Caller, topic: string, sessionId: string | undefined, sparkId: string | null) {
    if (!sessionId) {
      const conversation: NewConversation = {
        id: randomUUID(),
        tenantId: caller.tenantId,
        sparkId,
        testId: null,
        userId: caller.userId,
        kind: 'system',
        topic,
      };
      return { conversation, history: [] as ChatMessage[] };
    }
    const row = await this.repository.findSystem(caller.userId, sessionId);
    if (!row || row.topic !== topic || row.tenantId !== caller.tenantId) throw conversationNotFound();
    const { id, tenantId, testId, userId, kind } = row;
    const conversation: NewConversation = { id, tenantId, sparkId: row.sparkId, testId, userId, kind, topic };
    return { conversation, history: await this.repository.recentMessages(id, HISTORY_LIMITS.messages * 2) };
  }

  /** A website visitor's conversation with a Spark (found by their session token's hash), or a new one. */
  async openVisitor(tenantId: string, sparkId: string, visitorHash: string, channel: VisitorChannel) {
    const row = await this.repository.findVisitor(sparkId, visitorHash);
    if (!row || row.tenantId !== tenantId) {
      // Nothing is stored until a turn ends, so two questions at once (two tabs of the website) both
      // start a conversation: derived from the Spark and the session, they start the same one.
      const id = nameBasedUuid(`${sparkId}:${visitorHash}`, VISITOR_CONVERSATIONS);
      const conversation: NewConversation = { id, tenantId, sparkId, testId: null, userId: null, kind: 'widget', visitorHash, channel };
      return { conversation, history: [] as ChatMessage[] };
    }
    const conversation: NewConversation = { id: row.id, tenantId, sparkId, testId: null, userId: null, kind: 'widget', visitorHash, channel };
    return { conversation, history: await this.repository.recentMessages(row.id, HISTORY_LIMITS.messages * 2) };
  }

  /**
   * The visitor's last message when nobody answered it: the last thing said (notices aside) is
   * theirs, with no answer of the Spark's nor message of a person after it. Null otherwise.
   */
  async leftUnanswered(tenantId: string, sparkId: string, visitorHash: string): Promise<LeftUnanswered | null> {
    const row = await this.repository.findVisitor(sparkId, visitorHash);
    if (!row || row.tenantId !== tenantId) return null;
    const messages = await this.repository.recentMessages(row.id, HISTORY_LIMITS.messages * 2);
    const at = messages.findLastIndex((message) => message.type !== 'notice');
    const question = messages[at];
    if (question?.type !== 'human' || !question.data.content?.trim()) return null;
    const { id, channel } = row;
    return {
      conversation: { id, tenantId, sparkId, testId: null, userId: null, kind: 'widget', visitorHash, channel },
      history: messages.slice(0, at),
      question,
    };
  }

  /** The latest of what a visitor and the Spark said, for the visitor's own widget. */
  async visitorHistory(sparkId: string, visitorHash: string): Promise<ChatMessage[]> {
    const row = await this.repository.findVisitor(sparkId, visitorHash);
    return row ? this.repository.recentMessages(row.id, VISITOR_HISTORY_MESSAGES) : [];
  }

  /** The id of a visitor's conversation with a Spark, when they have one. */
  async visitorConversationId(sparkId: string, visitorHash: string): Promise<string | null> {
    return (await this.repository.findVisitor(sparkId, visitorHash))?.id ?? null;
  }

  /** Who a channel's conversation is with (their keyed hash), when it is a conversation of that Spark and channel in the tenant; null otherwise. */
  async visitorOf(tenantId: string, sparkId: string, conversationId: string, channel: VisitorChannel): Promise<string | null> {
    const row = await this.repository.find(tenantId, conversationId);
    return row && row.sparkId === sparkId && row.kind === 'widget' && row.channel === channel ? row.visitorHash : null;
  }

  /** A whole system-assistant conversation, for its own user. */
  async systemHistory(caller: Caller, sessionId: string) {
    const row = await this.repository.findSystem(caller.userId, sessionId);
    if (!row || row.tenantId !== caller.tenantId) throw conversationNotFound();
    return { sessionId: row.id, topic: row.topic ?? '', sparkId: row.sparkId, messages: await this.repository.messages(row.id) };
  }

  /**
   * Wraps a turn's events so that, when they finish, the human message and every shown message are
   * stored together. Without a human message (one stored before: a question a person left
   * unanswered) only what the turn shows is stored.
   */
  persisting(conversation: NewConversation, human: ChatMessage | null, events: (signal: AbortSignal) => AsyncGenerator<TurnEvent>): PreparedTurn {
    const repository = this.repository;
    return {
      conversationId: conversation.id,
      async *events(signal) {
        const produced: ChatMessage[] = [];
        for await (const event of events(signal)) {
          if (event.type === 'message') produced.push(event.message);
          yield event;
        }
        // product.md §4: event messages act once and are not kept in history.
        const shown = produced.filter((message) => message.data.type !== 'event');
        const stored = await repository.appendTurn(conversation, human ? [human, ...shown] : shown);
        if (!stored) throw new AppError(404, ERROR_CODES.NOT_FOUND, conversation.testId ? 'Test not found' : 'Spark not found');
      },
    };
  }

  /**
   * A builder conversation checked as `open` checks it, for messages that are not a model turn (an
   * uploaded document and what the assistant says of it). Its `append` answers false when the Spark is gone.
   */
  async openBuilder(caller: Caller, sparkId: string, conversationId: string | null | undefined) {
    const { conversation } = await this.open(caller, { sparkId, testId: null, kind: 'builder' }, conversationId);
    return { id: conversation.id, append: (messages: ChatMessage[]) => this.repository.appendTurn(conversation, messages) };
  }

  /** A builder, test or visitor conversation of the caller's account; a visitor's only for a role that reads conversations. */
  async history(caller: Pick<CallerSession, 'tenantId' | 'role'>, conversationId: string): Promise<ChatHistory> {
    const row = await this.repository.find(caller.tenantId, conversationId);
    // System-assistant conversations are read through their own route, by their own user.
    if (!row?.sparkId || row.kind === 'system') throw conversationNotFound();
    if (row.kind !== 'builder' && row.kind !== 'test' && !roleAllows(caller.role, 'conversations.read'))
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Your role in this account does not allow this.');
    return { conversationId: row.id, sparkId: row.sparkId, testId: row.testId, messages: await this.repository.messages(row.id) };
  }

  /**
   * The latest conversation of a Spark's builder chat (the caller's) or of one of its test chats,
   * whole: what a new sign-in or another device opens with. Null when there is none yet; the
   * caller has checked that the Spark (and test) are the tenant's.
   */
  async latest(caller: Caller, sparkId: string, testId: string | undefined): Promise<ChatHistory | null> {
    const row = testId
      ? await this.repository.findLatestTest(caller.tenantId, sparkId, testId)
      : await this.repository.findLatestBuilder(caller.tenantId, caller.userId, sparkId);
    return row ? { conversationId: row.id, sparkId, testId: row.testId, messages: await this.repository.messages(row.id) } : null;
  }

  /** The messages of a test chat's latest conversation; none when the test was never used. */
  async testTranscript(tenantId: string, sparkId: string, testId: string): Promise<ChatMessage[]> {
    const row = await this.repository.findLatestTest(tenantId, sparkId, testId);
    return row ? this.repository.messages(row.id) : [];
  }

  /** The language to answer in: the one the client asked for, else the user's profile language. */
  async language(caller: Caller, requested: Language | undefined): Promise<Language> {
    if (requested) return requested;
    const stored = await this.repository.userLanguage(caller.userId);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
  }
}

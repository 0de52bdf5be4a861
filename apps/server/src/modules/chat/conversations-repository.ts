import type { ChatMessage, VisitorChannel } from '@sparks/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chatMessages, conversations, messageFeedback, users } from '../../db/schema.js';
import { isForeignKeyViolation } from '../../db/sql-results.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationKind = ConversationRow['kind'];

export interface NewConversation {
  id: string;
  tenantId: string;
  /** A system conversation may gain its Spark during a turn (the new-spark assistant creates it). */
  sparkId: string | null;
  testId: string | null;
  userId: string | null;
  kind: ConversationKind;
  topic?: string | null;
  visitorHash?: string | null;
  channel?: VisitorChannel | null;
}

type MessageRow = Pick<typeof chatMessages.$inferSelect, 'id' | 'type' | 'data' | 'createdAt'> & { rating: 'up' | 'down' | null; comment: string | null };

const view = (row: MessageRow): ChatMessage => ({
  id: row.id,
  type: row.type,
  data: row.data,
  ...(row.rating ? { feedback: { rating: row.rating, ...(row.comment ? { comment: row.comment } : {}) } } : {}),
  createdAt: row.createdAt.toISOString(),
});

/** A message with the vote on it, if any. */
const MESSAGE_COLUMNS = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  seq: chatMessages.seq,
  type: chatMessages.type,
  data: chatMessages.data,
  createdAt: chatMessages.createdAt,
  rating: messageFeedback.rating,
  comment: messageFeedback.comment,
};

/** Every read names the tenant, so another tenant's conversation is simply not found. */
export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  async find(tenantId: string, conversationId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)))
      .limit(1);
    return row;
  }

  /** A system-assistant conversation: only its own user ever reads or continues it. */
  async findSystem(userId: string, conversationId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.id, conversationId), eq(conversations.kind, 'system')))
      .limit(1);
    return row;
  }

  /** A website visitor's conversation with a Spark: the one their session token names, newest first. */
  async findVisitor(sparkId: string, visitorHash: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.sparkId, sparkId), eq(conversations.visitorHash, visitorHash), eq(conversations.kind, 'widget')))
      .orderBy(desc(conversations.updatedAt))
      .limit(1);
    return row;
  }

  /** The user's latest builder conversation of a Spark. */
  async findLatestBuilder(tenantId: string, userId: string, sparkId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.tenantId, tenantId), eq(conversations.userId, userId), eq(conversations.sparkId, sparkId), eq(conversations.kind, 'builder')))
      .orderBy(desc(conversations.updatedAt))
      .limit(1);
    return row;
  }

  /** A test chat's latest conversation (a restarted test starts a new one). */
  async findLatestTest(tenantId: string, sparkId: string, testId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.tenantId, tenantId), eq(conversations.sparkId, sparkId), eq(conversations.testId, testId), eq(conversations.kind, 'test')))
      .orderBy(desc(conversations.updatedAt))
      .limit(1);
    return row;
  }

  /** The newest `limit` messages, oldest first. */
  async recentMessages(conversationId: string, limit: number): Promise<ChatMessage[]> {
    const rows = await this.db
      .select(MESSAGE_COLUMNS)
      .from(chatMessages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, chatMessages.id))
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
    return rows.reverse().map(view);
  }

  async messages(conversationId: string): Promise<ChatMessage[]> {
    const rows = await this.db
      .select(MESSAGE_COLUMNS)
      .from(chatMessages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, chatMessages.id))
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq));
    return rows.map(view);
  }

  /**
   * Stores a whole turn at once: the conversation (when new) and its messages after the last
   * one, so a failed turn leaves nothing behind and concurrent turns never share a position.
   * Answers false when the Spark or test was deleted while the turn ran.
   */
  async appendTurn(conversation: NewConversation, messages: ReadonlyArray<Pick<ChatMessage, 'id' | 'type' | 'data'>>): Promise<boolean> {
    try {
      await this.insertTurn(conversation, messages);
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  private async insertTurn(conversation: NewConversation, messages: ReadonlyArray<Pick<ChatMessage, 'id' | 'type' | 'data'>>): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The upsert also locks the conversation row, so two turns of one conversation append one after the other.
      await tx
        .insert(conversations)
        .values(conversation)
        // A Spark once tied to a conversation stays tied: a turn that began before it was created cannot untie it.
        .onConflictDoUpdate({ target: conversations.id, set: { updatedAt: new Date(), sparkId: sql`coalesce(${conversations.sparkId}, excluded.spark_id)` } });
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id));
      const start = last?.seq ?? 0;
      if (messages.length === 0) return;
      const now = Date.now();
      await tx.insert(chatMessages).values(
        messages.map((message, index) => ({
          ...(message.id ? { id: message.id } : {}),
          conversationId: conversation.id,
          seq: start + index + 1,
          type: message.type,
          data: message.data,
          // One millisecond apart keeps the order readable to clients that sort by time.
          createdAt: new Date(now + index),
        })),
      );
    });
  }

  async userLanguage(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.language;
  }
}

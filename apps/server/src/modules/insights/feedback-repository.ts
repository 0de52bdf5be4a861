import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chatMessages, conversations, messageFeedback } from '../../db/schema.js';
import type { FeedbackRating } from '@sparks/contract';

/** An answer someone may vote on, with the conversation it belongs to and the question it answered. */
export interface VoteTarget {
  messageId: string;
  conversationId: string;
  tenantId: string;
  sparkId: string;
  kind: string;
  visitorHash: string | null;
  question: string | null;
  rating: FeedbackRating | null;
}

/** Votes on answers: one row per answer, replaced or removed when the vote changes. */
export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  async target(messageId: string): Promise<VoteTarget | undefined> {
    const [row] = await this.db
      .select({
        messageId: chatMessages.id,
        seq: chatMessages.seq,
        type: chatMessages.type,
        conversationId: conversations.id,
        tenantId: conversations.tenantId,
        sparkId: conversations.sparkId,
        kind: conversations.kind,
        visitorHash: conversations.visitorHash,
        rating: messageFeedback.rating,
      })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, chatMessages.id))
      .where(eq(chatMessages.id, messageId))
      .limit(1);
    if (!row || row.type !== 'ai' || !row.sparkId) return undefined;
    const [asked] = await this.db
      .select({ content: sql<string | null>`${chatMessages.data}->>'content'` })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, row.conversationId), lt(chatMessages.seq, row.seq), eq(chatMessages.type, 'human')))
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    return { ...row, sparkId: row.sparkId, question: asked?.content ?? null };
  }

  async set(target: VoteTarget, rating: FeedbackRating, comment: string | null): Promise<void> {
    const now = new Date();
    await this.db
      .insert(messageFeedback)
      .values({ messageId: target.messageId, tenantId: target.tenantId, sparkId: target.sparkId, conversationId: target.conversationId, rating, comment })
      .onConflictDoUpdate({ target: messageFeedback.messageId, set: { rating, comment, updatedAt: now } });
  }

  async remove(messageId: string): Promise<void> {
    await this.db.delete(messageFeedback).where(eq(messageFeedback.messageId, messageId));
  }
}

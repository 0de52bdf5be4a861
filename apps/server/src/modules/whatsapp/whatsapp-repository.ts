import { and, desc, eq, sql } from 'drizzle-orm';
import type { WhatsappProblem } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { whatsappChannels, whatsappMessages, type WhatsappMessageState } from '../../db/schema.js';

export type ChannelRow = typeof whatsappChannels.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;
type NewMessage = Pick<typeof whatsappMessages.$inferInsert, 'channelId' | 'messageId' | 'visitorHash' | 'sender' | 'kind' | 'text' | 'sentAt'>;

/** WhatsApp channels and the messages they received, each once. */
export class WhatsappRepository {
  constructor(private readonly db: Db) {}

  async ofSpark(tenantId: string, sparkId: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(whatsappChannels)
      .where(and(eq(whatsappChannels.tenantId, tenantId), eq(whatsappChannels.sparkId, sparkId)));
    return row;
  }

  async ofSparkId(sparkId: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(whatsappChannels).where(eq(whatsappChannels.sparkId, sparkId));
    return row;
  }

  /** A customer's last message on the channel: where to write to them, and whether WhatsApp's window is still open. */
  async lastFrom(channelId: string, visitorHash: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.channelId, channelId), eq(whatsappMessages.visitorHash, visitorHash)))
      .orderBy(desc(whatsappMessages.sentAt))
      .limit(1);
    return row;
  }

  async byId(channelId: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(whatsappChannels).where(eq(whatsappChannels.id, channelId));
    return row;
  }

  /** Connects the Spark, or replaces its number and secrets: the verify token and webhook address stay what Meta has. */
  async save(channel: { tenantId: string; sparkId: string; phoneNumberId: string; sealed: string; verifyToken: string }): Promise<ChannelRow> {
    const [row] = await this.db
      .insert(whatsappChannels)
      .values(channel)
      .onConflictDoUpdate({
        target: whatsappChannels.sparkId,
        set: { phoneNumberId: channel.phoneNumberId, sealed: channel.sealed, lastProblem: null, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async update(
    channelId: string,
    change: Partial<Pick<ChannelRow, 'paused' | 'lastReceivedAt' | 'lastSentAt' | 'lastProblem'>>,
  ): Promise<ChannelRow | undefined> {
    const [row] = await this.db
      .update(whatsappChannels)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(whatsappChannels.id, channelId))
      .returning();
    return row;
  }

  noteProblem(channelId: string, problem: WhatsappProblem | null): Promise<ChannelRow | undefined> {
    return this.update(channelId, { lastProblem: problem });
  }

  async delete(tenantId: string, sparkId: string): Promise<boolean> {
    const gone = await this.db
      .delete(whatsappChannels)
      .where(and(eq(whatsappChannels.tenantId, tenantId), eq(whatsappChannels.sparkId, sparkId)))
      .returning({ id: whatsappChannels.id });
    return gone.length > 0;
  }

  /** Keeps a delivered message unless it was kept before (Meta delivers at least once): answers whether it is new. */
  async receive(message: NewMessage): Promise<boolean> {
    const kept = await this.db.insert(whatsappMessages).values(message).onConflictDoNothing().returning({ id: whatsappMessages.messageId });
    return kept.length > 0;
  }

  async message(channelId: string, messageId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.channelId, channelId), eq(whatsappMessages.messageId, messageId)));
    return row;
  }

  async settle(
    channelId: string,
    messageId: string,
    change: { state?: WhatsappMessageState; reply?: string[]; answerId?: string | null; sentIds?: string[] },
  ): Promise<void> {
    await this.db
      .update(whatsappMessages)
      .set(change)
      .where(and(eq(whatsappMessages.channelId, channelId), eq(whatsappMessages.messageId, messageId)));
  }

  /** The sender's messages answered since `since`: how many answers they had this minute. */
  async answeredSince(channelId: string, visitorHash: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.channelId, channelId),
          eq(whatsappMessages.visitorHash, visitorHash),
          eq(whatsappMessages.state, 'answered'),
          sql`${whatsappMessages.createdAt} > ${since}`,
        ),
      );
    return row?.count ?? 0;
  }

  /** Forgets messages older than `before`: the conversation keeps what was said, this table only what dedupes and replies need. */
  async forgetBefore(before: Date): Promise<number> {
    const gone = await this.db
      .delete(whatsappMessages)
      .where(sql`${whatsappMessages.createdAt} < ${before}`)
      .returning({ id: whatsappMessages.messageId });
    return gone.length;
  }

  /** The Spark's answer one of the sender's replies carried, by Meta's id of a part sent. */
  async answerOfSent(channelId: string, visitorHash: string, sentId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ answerId: whatsappMessages.answerId })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.channelId, channelId),
          eq(whatsappMessages.visitorHash, visitorHash),
          sql`${whatsappMessages.sentIds} @> ${JSON.stringify([sentId])}::jsonb`,
        ),
      )
      .limit(1);
    return row?.answerId ?? null;
  }

  /** The customer's newest message that went to a person: what the Spark answers on hand-back, if the person did not. */
  async lastHeld(channelId: string, visitorHash: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.channelId, channelId), eq(whatsappMessages.visitorHash, visitorHash), eq(whatsappMessages.state, 'held')))
      .orderBy(desc(whatsappMessages.sentAt))
      .limit(1);
    return row;
  }

  /** The sender's last text, for the language of a reply to something that is not text. */
  async lastText(channelId: string, visitorHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ text: whatsappMessages.text })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.channelId, channelId), eq(whatsappMessages.visitorHash, visitorHash), sql`${whatsappMessages.text} is not null`))
      .orderBy(desc(whatsappMessages.createdAt))
      .limit(1);
    return row?.text ?? null;
  }
}

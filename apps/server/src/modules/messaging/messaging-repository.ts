import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { MessagingPlatform, MessagingProblem } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { messagingChannels, messagingMessages, type MessagingMessageState } from '../../db/schema.js';

export type ChannelRow = typeof messagingChannels.$inferSelect;
export type MessageRow = typeof messagingMessages.$inferSelect;
type NewChannel = Pick<
  typeof messagingChannels.$inferInsert,
  'tenantId' | 'sparkId' | 'platform' | 'accountId' | 'name' | 'instagramId' | 'instagramUsername' | 'sealed' | 'webhookSecret'
>;
type NewMessage = Pick<
  typeof messagingMessages.$inferInsert,
  'channelId' | 'messageId' | 'surface' | 'visitorHash' | 'sender' | 'senderLanguage' | 'kind' | 'text' | 'sentAt'
>;

/** Messaging channels (Meta's, Telegram's) and the messages they received, each once. */
export class MessagingRepository {
  constructor(private readonly db: Db) {}

  async ofSpark(tenantId: string, sparkId: string, platform: MessagingPlatform): Promise<ChannelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messagingChannels)
      .where(and(eq(messagingChannels.tenantId, tenantId), eq(messagingChannels.sparkId, sparkId), eq(messagingChannels.platform, platform)));
    return row;
  }

  async byId(channelId: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(messagingChannels).where(eq(messagingChannels.id, channelId));
    return row;
  }

  /** Whether another Spark (of any account) answers for this Page or bot already. */
  async takenElsewhere(platform: MessagingPlatform, accountId: string, sparkId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: messagingChannels.id })
      .from(messagingChannels)
      .where(and(eq(messagingChannels.platform, platform), eq(messagingChannels.accountId, accountId), ne(messagingChannels.sparkId, sparkId)));
    return row !== undefined;
  }

  /** Connects the Spark, or replaces its account and secrets: the webhook's address and secret stay what the platform has. */
  async save(channel: NewChannel): Promise<ChannelRow> {
    const { accountId, name, instagramId, instagramUsername, sealed } = channel;
    const [row] = await this.db
      .insert(messagingChannels)
      .values(channel)
      .onConflictDoUpdate({
        target: [messagingChannels.sparkId, messagingChannels.platform],
        set: { accountId, name, instagramId, instagramUsername, sealed, lastProblem: null, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async update(
    channelId: string,
    change: Partial<Pick<ChannelRow, 'paused' | 'allowGroups' | 'lastReceivedAt' | 'lastSentAt' | 'lastProblem'>>,
  ): Promise<ChannelRow | undefined> {
    const [row] = await this.db
      .update(messagingChannels)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(messagingChannels.id, channelId))
      .returning();
    return row;
  }

  noteProblem(channelId: string, problem: MessagingProblem | null): Promise<ChannelRow | undefined> {
    return this.update(channelId, { lastProblem: problem });
  }

  async delete(channelId: string): Promise<void> {
    await this.db.delete(messagingChannels).where(eq(messagingChannels.id, channelId));
  }

  /** Keeps a delivered message unless it was kept before (platforms deliver at least once): answers whether it is new. */
  async receive(message: NewMessage): Promise<boolean> {
    const kept = await this.db.insert(messagingMessages).values(message).onConflictDoNothing().returning({ id: messagingMessages.messageId });
    return kept.length > 0;
  }

  async message(channelId: string, messageId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messagingMessages)
      .where(and(eq(messagingMessages.channelId, channelId), eq(messagingMessages.messageId, messageId)));
    return row;
  }

  async settle(
    channelId: string,
    messageId: string,
    change: { state?: MessagingMessageState; reply?: string[]; answerId?: string | null; sentIds?: string[] },
  ): Promise<void> {
    await this.db
      .update(messagingMessages)
      .set(change)
      .where(and(eq(messagingMessages.channelId, channelId), eq(messagingMessages.messageId, messageId)));
  }

  /** The sender's messages answered since `since`: how many answers they had this minute. */
  async answeredSince(channelId: string, visitorHash: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(messagingMessages)
      .where(
        and(
          eq(messagingMessages.channelId, channelId),
          eq(messagingMessages.visitorHash, visitorHash),
          eq(messagingMessages.state, 'answered'),
          sql`${messagingMessages.createdAt} > ${since}`,
        ),
      );
    return row?.count ?? 0;
  }

  /** A visitor's newest message on any of the Spark's messaging channels: where a person's reply goes, and whether the window is open. */
  async lastFromVisitor(sparkId: string, visitorHash: string): Promise<{ channel: ChannelRow; message: MessageRow } | undefined> {
    const [row] = await this.db
      .select({ channel: messagingChannels, message: messagingMessages })
      .from(messagingMessages)
      .innerJoin(messagingChannels, eq(messagingChannels.id, messagingMessages.channelId))
      .where(and(eq(messagingChannels.sparkId, sparkId), eq(messagingMessages.visitorHash, visitorHash)))
      .orderBy(desc(messagingMessages.sentAt))
      .limit(1);
    return row;
  }

  /** The newest message the channel received from anyone: whom the owner's test message goes to. */
  async lastOfChannel(channelId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messagingMessages)
      .where(eq(messagingMessages.channelId, channelId))
      .orderBy(desc(messagingMessages.sentAt))
      .limit(1);
    return row;
  }

  /** The customer's newest message that went to a person: what the Spark answers on hand-back, if the person did not. */
  async lastHeld(sparkId: string, visitorHash: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select({ message: messagingMessages })
      .from(messagingMessages)
      .innerJoin(messagingChannels, eq(messagingChannels.id, messagingMessages.channelId))
      .where(and(eq(messagingChannels.sparkId, sparkId), eq(messagingMessages.visitorHash, visitorHash), eq(messagingMessages.state, 'held')))
      .orderBy(desc(messagingMessages.sentAt))
      .limit(1);
    return row?.message;
  }

  /** The Spark's answer a reaction is on, by the platform's id of a part sent. */
  async answerOfSent(channelId: string, visitorHash: string, sentId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ answerId: messagingMessages.answerId })
      .from(messagingMessages)
      .where(
        and(
          eq(messagingMessages.channelId, channelId),
          eq(messagingMessages.visitorHash, visitorHash),
          sql`${messagingMessages.sentIds} @> ${JSON.stringify([sentId])}::jsonb`,
        ),
      )
      .limit(1);
    return row?.answerId ?? null;
  }

  /** The sender's last text, for the language of a reply to something that is not text. */
  async lastText(channelId: string, visitorHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ text: messagingMessages.text })
      .from(messagingMessages)
      .where(and(eq(messagingMessages.channelId, channelId), eq(messagingMessages.visitorHash, visitorHash), sql`${messagingMessages.text} is not null`))
      .orderBy(desc(messagingMessages.createdAt))
      .limit(1);
    return row?.text ?? null;
  }

  /** Forgets messages older than `before`: the conversation keeps what was said, this table only what dedupes and replies need. */
  async forgetBefore(before: Date): Promise<number> {
    const gone = await this.db
      .delete(messagingMessages)
      .where(sql`${messagingMessages.createdAt} < ${before}`)
      .returning({ id: messagingMessages.messageId });
    return gone.length;
  }
}

import type { VisitorChannel } from '@sparks/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chatMessages, conversations, messageFeedback, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-results.js';

export interface LiveRow {
  id: string;
  tenantId: string;
  sparkId: string;
  visitorHash: string | null;
  channel: VisitorChannel | null;
  takenOverBy: string | null;
  takenOverName: string | null;
  takenOverAt: Date | null;
  handBackMinutes: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredMessage {
  id: string;
  seq: number;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

const CONVERSATION = {
  id: conversations.id,
  tenantId: conversations.tenantId,
  sparkId: conversations.sparkId,
  visitorHash: conversations.visitorHash,
  channel: conversations.channel,
  takenOverBy: conversations.takenOverBy,
  takenOverName: conversations.takenOverName,
  takenOverAt: conversations.takenOverAt,
  handBackMinutes: conversations.handBackMinutes,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};
const MESSAGE = { id: chatMessages.id, seq: chatMessages.seq, type: chatMessages.type, data: chatMessages.data, createdAt: chatMessages.createdAt };
/** Messages a stream reads at once: a long conversation resumed from its start arrives in pages. */
const PAGE = 200;

/** Visitor conversations as the Live view and the widget's stream read and change them. */
export class LiveRepository {
  constructor(private readonly db: Db) {}

  /** A Spark's visitor conversations with a message since `since`, newest first. */
  async active(tenantId: string, sparkId: string, since: Date, limit: number): Promise<LiveRow[]> {
    const rows = await this.db
      .select(CONVERSATION)
      .from(conversations)
      .where(
        and(eq(conversations.tenantId, tenantId), eq(conversations.sparkId, sparkId), eq(conversations.kind, 'widget'), gte(conversations.updatedAt, since)),
      )
      .orderBy(desc(conversations.updatedAt))
      .limit(limit);
    return rows as LiveRow[];
  }

  async find(tenantId: string, sparkId: string, conversationId: string): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .select(CONVERSATION)
      .from(conversations)
      .where(
        and(eq(conversations.id, conversationId), eq(conversations.tenantId, tenantId), eq(conversations.sparkId, sparkId), eq(conversations.kind, 'widget')),
      );
    return row as LiveRow | undefined;
  }

  async byId(conversationId: string, sparkId: string): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .select(CONVERSATION)
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.sparkId, sparkId)));
    return row as LiveRow | undefined;
  }

  async byVisitor(sparkId: string, visitorHash: string): Promise<LiveRow | undefined> {
    const [row] = await this.db
      .select(CONVERSATION)
      .from(conversations)
      .where(and(eq(conversations.sparkId, sparkId), eq(conversations.visitorHash, visitorHash), eq(conversations.kind, 'widget')));
    return row as LiveRow | undefined;
  }

  /** Messages after `afterSeq`, oldest first, a page at a time. */
  async messagesAfter(conversationId: string, afterSeq: number, limit = PAGE): Promise<StoredMessage[]> {
    return this.db
      .select(MESSAGE)
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
  }

  /** The message at `seq`, and the last message of `type` before it (the question an owner's reply answers). */
  async withLast(conversationId: string, seq: number, type: string): Promise<{ message?: StoredMessage; before?: StoredMessage }> {
    const [message] = await this.db
      .select(MESSAGE)
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seq, seq)));
    const [before] = await this.db
      .select(MESSAGE)
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.seq, seq), eq(chatMessages.type, type)))
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    return { ...(message ? { message } : {}), ...(before ? { before } : {}) };
  }

  async lastSeq(conversationId: string): Promise<number> {
    const [row] = await this.db
      .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return row?.seq ?? 0;
  }

  /** The last messages of each conversation (for the list), and which of them a visitor voted down. */
  async summaries(conversationIds: string[]): Promise<{ last: Map<string, StoredMessage[]>; votedDown: Set<string>; counts: Map<string, number> }> {
    if (conversationIds.length === 0) return { last: new Map(), votedDown: new Set(), counts: new Map() };
    const recent = await this.db
      .select({ conversationId: chatMessages.conversationId, ...MESSAGE })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.conversationId, conversationIds),
          // The last few of each conversation: enough for its last words, its language and a request for a person.
          sql`${chatMessages.seq} > (select max(m.seq) - 6 from chat_messages m where m.conversation_id = ${chatMessages.conversationId})`,
        ),
      )
      .orderBy(asc(chatMessages.seq));
    const last = new Map<string, StoredMessage[]>();
    for (const row of recent) last.set(row.conversationId, [...(last.get(row.conversationId) ?? []), row]);
    const counts = await this.db
      .select({ conversationId: chatMessages.conversationId, count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, conversationIds))
      .groupBy(chatMessages.conversationId);
    const down = await this.db
      .selectDistinct({ conversationId: messageFeedback.conversationId })
      .from(messageFeedback)
      .where(and(inArray(messageFeedback.conversationId, conversationIds), eq(messageFeedback.rating, 'down')));
    return {
      last,
      votedDown: new Set(down.map((row) => row.conversationId)),
      counts: new Map(counts.map((row) => [row.conversationId, row.count])),
    };
  }

  /** Appends one message after the conversation's last (a turn stored meanwhile takes its place first: tried again). */
  async append(conversationId: string, type: string, data: Record<string, unknown>): Promise<StoredMessage> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          // Locks the conversation: an owner's message and a visitor's never share a position.
          await tx
            .update(conversations)
            .set({ updatedAt: sql`now()` })
            .where(eq(conversations.id, conversationId));
          const [last] = await tx
            .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)::int` })
            .from(chatMessages)
            .where(eq(chatMessages.conversationId, conversationId));
          const [row] = await tx
            .insert(chatMessages)
            .values({ conversationId, seq: (last?.seq ?? 0) + 1, type, data })
            .returning(MESSAGE);
          return row!;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** Marks the conversation as taken over; answers false when someone else holds it already. */
  async takeOver(conversationId: string, by: { userId: string; name: string; handBackMinutes: number }): Promise<boolean> {
    const rows = await this.db
      .update(conversations)
      // Someone joined: a visitor waiting for a person no longer waits, and the owner is not e-mailed about them.
      .set({ takenOverBy: by.userId, takenOverName: by.name, takenOverAt: sql`now()`, handBackMinutes: by.handBackMinutes, personAskedAt: null })
      .where(and(eq(conversations.id, conversationId), sql`(${conversations.takenOverAt} is null or ${conversations.takenOverBy} = ${by.userId})`))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  /** Gives the conversation back to the Spark; answers the name of who held it, or null when nobody did. */
  async handBack(conversationId: string): Promise<string | null> {
    const [before] = await this.db
      .select({ name: conversations.takenOverName, at: conversations.takenOverAt })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!before?.at) return null;
    const rows = await this.db
      .update(conversations)
      .set({ takenOverBy: null, takenOverName: null, takenOverAt: null, handBackMinutes: null })
      .where(and(eq(conversations.id, conversationId), isNotNull(conversations.takenOverAt)))
      .returning({ id: conversations.id });
    return rows.length > 0 ? (before.name ?? '') : null;
  }

  /** Conversations taken over whose last message is older than their quiet period. */
  async quiet(): Promise<Array<{ id: string; sparkId: string }>> {
    const rows = await this.db
      .select({ id: conversations.id, sparkId: conversations.sparkId })
      .from(conversations)
      .where(
        and(
          isNotNull(conversations.takenOverAt),
          sql`greatest(${conversations.takenOverAt}, ${conversations.updatedAt}) < now() - make_interval(mins => ${conversations.handBackMinutes})`,
        ),
      );
    return rows.flatMap((row) => (row.sparkId ? [{ id: row.id, sparkId: row.sparkId }] : []));
  }

  async ownerName(userId: string): Promise<string> {
    const [row] = await this.db.select({ firstname: users.firstname }).from(users).where(eq(users.id, userId));
    return row?.firstname?.trim() ?? '';
  }
}

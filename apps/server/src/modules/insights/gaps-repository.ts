import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { knowledgeGaps } from '../../db/schema.js';

export type GapRow = typeof knowledgeGaps.$inferSelect;
export type GapResolution = Pick<GapRow, 'status'> & Partial<Pick<GapRow, 'answerDocumentId' | 'testCaseId'>>;

const INBOX_PAGE = 100;

/** The knowledge-gap inbox: one row per question asked alike, counted as visitors ask it or thumb it down. */
export class GapsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one more unanswered ask or thumbs down. A gap the owner resolved opens again when the
   * Spark still fails it: resolving is a claim the next visitor checks.
   */
  async record(gap: { tenantId: string; sparkId: string; key: string; question: string; unanswered: number; thumbsDown: number; comment: string | null }) {
    await this.db
      .insert(knowledgeGaps)
      .values({
        tenantId: gap.tenantId,
        sparkId: gap.sparkId,
        questionKey: gap.key,
        question: gap.question,
        unanswered: gap.unanswered,
        thumbsDown: gap.thumbsDown,
        lastComment: gap.comment,
      })
      .onConflictDoUpdate({
        target: [knowledgeGaps.sparkId, knowledgeGaps.questionKey],
        set: {
          question: sql`excluded.question`,
          unanswered: sql`${knowledgeGaps.unanswered} + excluded.unanswered`,
          thumbsDown: sql`${knowledgeGaps.thumbsDown} + excluded.thumbs_down`,
          lastComment: sql`coalesce(excluded.last_comment, ${knowledgeGaps.lastComment})`,
          lastAskedAt: sql`now()`,
          status: sql`'open'`,
          resolvedAt: sql`null`,
        },
      });
  }

  /** A thumbs down taken back: one fewer, never below none. */
  async withdrawThumbsDown(sparkId: string, key: string): Promise<void> {
    await this.db
      .update(knowledgeGaps)
      .set({ thumbsDown: sql`greatest(${knowledgeGaps.thumbsDown} - 1, 0)` })
      .where(and(eq(knowledgeGaps.sparkId, sparkId), eq(knowledgeGaps.questionKey, key)));
  }

  async list(tenantId: string, sparkId: string, open: boolean): Promise<GapRow[]> {
    return this.db
      .select()
      .from(knowledgeGaps)
      .where(
        and(
          eq(knowledgeGaps.tenantId, tenantId),
          eq(knowledgeGaps.sparkId, sparkId),
          open ? eq(knowledgeGaps.status, 'open') : inArray(knowledgeGaps.status, ['answered', 'document', 'dismissed']),
          // A thumbs down taken back may leave a gap nobody reports any more.
          sql`${knowledgeGaps.unanswered} + ${knowledgeGaps.thumbsDown} > 0`,
        ),
      )
      .orderBy(open ? desc(sql`${knowledgeGaps.unanswered} + ${knowledgeGaps.thumbsDown}`) : desc(knowledgeGaps.resolvedAt), desc(knowledgeGaps.lastAskedAt))
      .limit(INBOX_PAGE);
  }

  async find(tenantId: string, sparkId: string, gapId: string): Promise<GapRow | undefined> {
    const [row] = await this.db
      .select()
      .from(knowledgeGaps)
      .where(and(eq(knowledgeGaps.tenantId, tenantId), eq(knowledgeGaps.sparkId, sparkId), eq(knowledgeGaps.id, gapId)))
      .limit(1);
    return row;
  }

  async resolve(tenantId: string, sparkId: string, gapId: string, resolution: GapResolution): Promise<GapRow | undefined> {
    const [row] = await this.db
      .update(knowledgeGaps)
      .set({ ...resolution, resolvedAt: new Date() })
      .where(and(eq(knowledgeGaps.tenantId, tenantId), eq(knowledgeGaps.sparkId, sparkId), eq(knowledgeGaps.id, gapId)))
      .returning();
    return row;
  }

  /** An edited owner answer is a new document: the gaps it resolved follow it. */
  async moveAnswer(fromDocumentId: string, toDocumentId: string): Promise<void> {
    await this.db.update(knowledgeGaps).set({ answerDocumentId: toDocumentId }).where(eq(knowledgeGaps.answerDocumentId, fromDocumentId));
  }
}

import { VISITOR_CHANNELS, type INSIGHTS_PERIOD_DAYS, type Insights, type VisitorChannel } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { InsightsRepository, type InsightsPeriod } from './insights-repository.js';
import { topQuestions } from './top-questions.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period of `days` UTC calendar days that ends today: its first moment and its first and last day. */
export function insightsPeriod(days: number, now: Date = new Date()): InsightsPeriod {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { since, firstDay: day(since), lastDay: day(new Date(today)) };
}

/**
 * What a Spark's website visitors did over a period: how many came and asked, when, what they
 * asked most, what the Spark could not answer, how they voted, and which documents the answers
 * used or never used. Days are whole UTC days, so each bar of the chart is a full day.
 */
export class InsightsService {
  private readonly repository: InsightsRepository;

  constructor(
    db: Db,
    private readonly sparks: SparksService,
  ) {
    this.repository = new InsightsRepository(db);
  }

  async insights(tenantId: string, sparkId: string, query: { days: (typeof INSIGHTS_PERIOD_DAYS)[number] }, now: Date = new Date()): Promise<Insights> {
    await this.sparks.get(tenantId, sparkId);
    const days = Number(query.days);
    const row = await this.repository.insights(tenantId, sparkId, insightsPeriod(days, now));
    const busiestHours = Array.from({ length: 24 }, () => 0);
    for (const { hour, questions } of row.hours ?? []) busiestHours[hour] = questions;
    return {
      days,
      perDay: row.per_day ?? [],
      totals: {
        conversations: row.conversations,
        whatsapp: row.whatsapp,
        byChannel: Object.fromEntries(VISITOR_CHANNELS.map((channel) => [channel, row.by_channel?.[channel] ?? 0])) as Record<VisitorChannel, number>,
        questions: row.questions,
        unanswered: row.unanswered,
        thumbsUp: row.thumbs_up,
        thumbsDown: row.thumbs_down,
      },
      busiestHours,
      topQuestions: topQuestions(row.wordings ?? []),
      citedMost: row.cited_most ?? [],
      neverCited: row.never_cited ?? [],
    };
  }
}

import { INSIGHTS_TOP } from '@sparks/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/sql-results.js';

export interface InsightsRow {
  per_day: Array<{ date: string; conversations: number; questions: number }> | null;
  conversations: number;
  whatsapp: number;
  /** Conversations by the channel they came from: { widget: 3, telegram: 1 }; channels without any are absent. */
  by_channel: Record<string, number> | null;
  questions: number;
  unanswered: number;
  thumbs_up: number;
  thumbs_down: number;
  hours: Array<{ hour: number; questions: number }> | null;
  /** Each distinct wording asked: [text, times asked, last asked (epoch seconds)]. */
  wordings: Array<[string, number, number]> | null;
  cited_most: Array<{ documentId: string; name: string; citations: number }> | null;
  never_cited: Array<{ documentId: string; name: string }> | null;
}

export interface InsightsPeriod {
  since: Date;
  /** The first and last UTC day of the period, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
}

/**
 * What a Spark's website visitors did since a moment, in one statement. The period's widget
 * conversations come from (spark_id, kind, …) and their messages through the conversation index;
 * each message is read once into narrow facts (its text for a question; for an answer, whether it
 * found nothing and the documents it cited), which a few aggregates then summarise. Questions come
 * back as their distinct wordings: which wordings are the same question is decided by `questionKey`.
 */
export function insightsStatement(tenantId: string, sparkId: string, period: InsightsPeriod): SQL {
  const since = period.since.toISOString();
  return sql`
    with convs as materialized (
      -- A visitor's conversation runs over days; any turn of the period bumped updated_at.
      select c.id, c.created_at, c.channel from conversations c
      where c.spark_id = ${sparkId} and c.kind = 'widget' and c.tenant_id = ${tenantId} and c.updated_at >= ${since}::timestamptz
    ),
    facts as materialized (
      select m.type, m.created_at,
        case when m.type = 'human' then m.data->>'content' end as content,
        m.unanswered, m.cited_documents
      from convs c
      -- Each conversation's messages through its index (offset 0 keeps the planner from trading it
      -- for a scan of every message). An answer is read through the small facts stored beside it
      -- (unanswered, cited_documents), never through its large compressed data.
      cross join lateral (
        select m.type, m.created_at, m.data, m.unanswered, m.cited_documents from chat_messages m
        where m.conversation_id = c.id and m.created_at >= ${since}::timestamptz and m.type in ('human', 'ai')
        offset 0
      ) m
    ),
    -- The questions counted by day, by hour and by wording, in one pass.
    asked as materialized (
      select grouping(day, hour, content) as grouped, day, hour, content, count(*)::int as n, extract(epoch from max(created_at)) as last
      from (
        select content, created_at, (created_at at time zone 'UTC')::date as day, extract(hour from created_at at time zone 'UTC')::int as hour
        from facts where type = 'human' and content is not null
      ) q
      group by grouping sets ((day), (hour), (content))
    ),
    docs as (
      select id, name, status, lineage_id, kind from documents where spark_id = ${sparkId} and tenant_id = ${tenantId}
    ),
    -- A new version of a document replaces the first one's row and keeps its id as lineage: citations of the first still count.
    aliases as (
      select id, id::text as alias from docs
      union all
      select id, lineage_id::text from docs where status = 'ready' and lineage_id is not null and lineage_id <> id
    ),
    doc_citations as (
      select a.id, sum(cited.n)::int as n
      from (
        select document_id, count(*) as n from facts f cross join jsonb_array_elements_text(f.cited_documents) as document_id
        where f.type = 'ai' group by document_id
      ) cited
      join aliases a on a.alias = cited.document_id
      group by a.id
    ),
    day_conversations as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as n from convs where created_at >= ${since}::timestamptz group by 1
    ),
    -- Votes cast in the period on visitors' answers.
    votes as (
      select f.rating, count(*)::int as n
      from message_feedback f join conversations c on c.id = f.conversation_id and c.kind = 'widget' and c.spark_id = ${sparkId}
      where f.spark_id = ${sparkId} and f.tenant_id = ${tenantId} and f.created_at >= ${since}::timestamptz
      group by f.rating
    )
    select
      (select json_agg(json_build_object('date', to_char(days.day, 'YYYY-MM-DD'), 'conversations', coalesce(c.n, 0), 'questions', coalesce(q.n, 0)) order by days.day)
        from (select d::date as day from generate_series(${period.firstDay}::date, ${period.lastDay}::date, interval '1 day') d) days
        left join day_conversations c on c.day = days.day
        left join asked q on q.grouped = 3 and q.day = days.day) as per_day,
      (select coalesce(sum(n), 0)::int from day_conversations) as conversations,
      (select count(*)::int from convs where created_at >= ${since}::timestamptz and channel = 'whatsapp') as whatsapp,
      (select json_object_agg(x.channel, x.n) from (select coalesce(channel, 'widget') as channel, count(*)::int as n
        from convs where created_at >= ${since}::timestamptz group by 1) x) as by_channel,
      (select coalesce(sum(n), 0)::int from asked where grouped = 3) as questions,
      (select count(*)::int from facts where unanswered) as unanswered,
      (select coalesce(sum(n), 0)::int from votes where rating = 'up') as thumbs_up,
      (select coalesce(sum(n), 0)::int from votes where rating = 'down') as thumbs_down,
      (select json_agg(json_build_object('hour', hour, 'questions', n)) from asked where grouped = 5) as hours,
      (select json_agg(json_build_array(content, n, last)) from asked where grouped = 6) as wordings,
      (select json_agg(json_build_object('documentId', x.id, 'name', x.name, 'citations', x.n) order by x.n desc, x.name, x.id)
        from (select d.id, d.name, dc.n from doc_citations dc join docs d on d.id = dc.id order by dc.n desc, d.name, d.id limit ${INSIGHTS_TOP}) x) as cited_most,
      (select json_agg(json_build_object('documentId', d.id, 'name', d.name) order by d.name, d.id)
        -- Owner answers are sentences written for a question already asked, not files to weed out: never listed as unused.
        from docs d where d.status = 'ready' and d.kind <> 'answer' and not exists (select 1 from doc_citations dc where dc.id = d.id)) as never_cited`;
}

export class InsightsRepository {
  constructor(private readonly db: Db) {}

  async insights(tenantId: string, sparkId: string, period: InsightsPeriod): Promise<InsightsRow> {
    return this.db.transaction(async (tx) => {
      // The row estimates of the JSON functions run high, and PostgreSQL would spend far longer
      // compiling the statement (JIT) than running it: tens of milliseconds become most of a second.
      // The period's facts are kept in memory rather than written to temporary files and read back.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '32MB'`);
      const [row] = rowsOf(await tx.execute(insightsStatement(tenantId, sparkId, period)));
      return row as unknown as InsightsRow;
    });
  }
}

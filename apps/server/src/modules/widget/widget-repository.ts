import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { Language, WidgetTranslation, WidgetTranslations } from '@sparks/contract';
import { conversations, sparks, tenants } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-results.js';
import type { HeadingCandidate } from './proposed-questions.js';

/** What the owner's deploy view reads of a Spark. */
export interface DeploymentRow {
  deployToken: string;
  allowedOrigins: string[];
  visitorRetentionDays: number | null;
  suggestedQuestions: string[];
  privacyUrl: string | null;
  translations: WidgetTranslations;
}
const DEPLOYMENT_COLUMNS = {
  deployToken: sparks.deployToken,
  allowedOrigins: sparks.allowedOrigins,
  visitorRetentionDays: sparks.visitorRetentionDays,
  suggestedQuestions: sparks.suggestedQuestions,
  privacyUrl: sparks.privacyUrl,
  translations: sparks.widgetTranslations,
};

/** What the owner sets on a Spark's deployment in one change; `translations` replaces the languages it names (null removes one). */
export type DeploymentChange = Partial<Pick<DeploymentRow, 'deployToken' | 'visitorRetentionDays' | 'suggestedQuestions' | 'privacyUrl'>> & {
  translations?: Partial<Record<Language, WidgetTranslation | null>>;
};

/** Each language's translation replaced in the statement itself, so two owners saving different languages at once both keep theirs. */
function mergedTranslations(translations: Partial<Record<Language, WidgetTranslation | null>>): SQL {
  const removed = Object.entries(translations).flatMap(([language, translation]) => (translation === null ? [language] : []));
  const replaced = Object.fromEntries(Object.entries(translations).filter(([, translation]) => translation !== null));
  const kept = removed.reduce<SQL>((rest, language) => sql`(${rest} - ${language}::text)`, sql`${sparks.widgetTranslations}`);
  return sql`${kept} || ${JSON.stringify(replaced)}::jsonb`;
}

/** Sections past this far into a document do not make its proposed questions: a long manual's index of headings stays cheap to read. */
const HEADING_CHUNKS_READ = 400;
/** Headings read to propose from; the proposal keeps a handful. */
const HEADINGS_READ = 200;

export interface DeployedSpark {
  sparkId: string;
  tenantId: string;
  tenantStatus: string;
  planSlug: string;
  allowedOrigins: string[];
  /** What the widget offers visitors to ask, in the owner's words and translated, and the owner's privacy policy (null: the product's). */
  suggestedQuestions: string[];
  translations: WidgetTranslations;
  privacyUrl: string | null;
  /** The owner's daily caps; null follows the plan's default. */
  visitorDailyCap: number | null;
  sparkDailyCap: number | null;
  /** The tenant's older Sparks that are on websites (after a downgrade they keep the plan's deployments first). */
  olderLiveSparks: number;
}

export interface VisitorConversationRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  messages: number;
  preview: string | null;
}

/** `%` and `_` typed by the owner are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Deployment facts of Sparks: found by their public token, or by id within the owner's tenant. */
export class WidgetRepository {
  constructor(private readonly db: Db) {}

  byToken(deployToken: string): Promise<DeployedSpark | undefined> {
    return this.deployedWhere(eq(sparks.deployToken, deployToken));
  }

  private async deployedWhere(where: SQL): Promise<DeployedSpark | undefined> {
    const [row] = await this.db
      .select({
        sparkId: sparks.id,
        tenantId: sparks.tenantId,
        tenantStatus: tenants.status,
        planSlug: tenants.planSlug,
        allowedOrigins: sparks.allowedOrigins,
        suggestedQuestions: sparks.suggestedQuestions,
        translations: sparks.widgetTranslations,
        privacyUrl: sparks.privacyUrl,
        visitorDailyCap: sparks.widgetVisitorDailyCap,
        sparkDailyCap: sparks.widgetSparkDailyCap,
        olderLiveSparks: sql<number>`(select count(*)::int from sparks o where o.tenant_id = "sparks"."tenant_id" and jsonb_array_length(o.allowed_origins) > 0 and (o.created_at, o.id) < ("sparks"."created_at", "sparks"."id"))`,
      })
      .from(sparks)
      .innerJoin(tenants, eq(tenants.id, sparks.tenantId))
      .where(where)
      .limit(1);
    return row;
  }

  async deployment(tenantId: string, sparkId: string): Promise<DeploymentRow | undefined> {
    const [row] = await this.db
      .select(DEPLOYMENT_COLUMNS)
      .from(sparks)
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .limit(1);
    return row;
  }

  async update(tenantId: string, sparkId: string, change: DeploymentChange): Promise<DeploymentRow | undefined> {
    const { translations, ...settings } = change;
    const [row] = await this.db
      .update(sparks)
      .set({ ...settings, ...(translations ? { widgetTranslations: mergedTranslations(translations) } : {}), updatedAt: new Date() })
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .returning(DEPLOYMENT_COLUMNS);
    return row;
  }

  /** Sets the websites of one Spark; the caller's transaction has admitted it (PlanService.admit). */
  async setAllowedOrigins(tenantId: string, sparkId: string, origins: string[]): Promise<DeploymentRow | undefined> {
    const [updated] = await this.db
      .update(sparks)
      .set({ allowedOrigins: origins, updatedAt: new Date() })
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .returning(DEPLOYMENT_COLUMNS);
    return updated;
  }

  /**
   * The headings of the Spark's ready documents, those over the most chunks first, then in the
   * documents' order (oldest document first, then by place in it); `opening` marks a document's first.
   */
  async headings(tenantId: string, sparkId: string): Promise<HeadingCandidate[]> {
    const result = await this.db.execute(sql`
      select c.heading, d.language, count(*)::int as chunks, bool_or(c.ord = 0) as opening
      from documents d join document_chunks c on c.document_id = d.id
      where d.tenant_id = ${tenantId} and d.spark_id = ${sparkId} and d.status = 'ready'
        and c.ord < ${HEADING_CHUNKS_READ} and c.heading is not null
      group by c.heading, d.language
      order by count(*) desc, min(d.created_at), min(c.ord)
      limit ${HEADINGS_READ}`);
    return rowsOf(result).map((row) => ({
      heading: String(row.heading),
      language: row.language === 'en' || row.language === 'es' ? (row.language as Language) : null,
      chunks: Number(row.chunks),
      opening: row.opening === true,
    }));
  }

  /** Deletes visitors' conversations left untouched longer than their Spark keeps them; answers how many went. */
  async forgetExpiredConversations(): Promise<number> {
    const gone = await this.db.execute(sql`
      delete from conversations c using sparks s
      where c.spark_id = s.id and c.kind = 'widget' and s.visitor_retention_days is not null
        and c.updated_at < now() - make_interval(days => s.visitor_retention_days)
      returning c.id`);
    return rowsOf(gone).length;
  }

  /** A Spark's visitor conversations, newest first, those mentioning `search` when given. */
  async visitorConversations(tenantId: string, sparkId: string, options: { search?: string; before?: Date; limit: number }): Promise<VisitorConversationRow[]> {
    // Correlated subqueries name their tables in full: drizzle leaves columns unqualified inside sql``.
    const mentions = options.search
      ? sql`exists (select 1 from chat_messages m where m.conversation_id = "conversations"."id" and m.data->>'content' ilike ${likePattern(options.search)})`
      : undefined;
    return this.db
      .select({
        id: conversations.id,
        createdAt: conversations.createdAt,
        updatedAt: conversations.updatedAt,
        messages: sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = "conversations"."id")`,
        preview: sql<
          string | null
        >`(select m.data->>'content' from chat_messages m where m.conversation_id = "conversations"."id" and m.type = 'human' order by m.seq limit 1)`,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.tenantId, tenantId),
          eq(conversations.sparkId, sparkId),
          eq(conversations.kind, 'widget'),
          options.before ? lt(conversations.updatedAt, options.before) : undefined,
          mentions,
        ),
      )
      .orderBy(desc(conversations.updatedAt))
      .limit(options.limit);
  }
}

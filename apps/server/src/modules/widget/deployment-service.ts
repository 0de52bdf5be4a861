import { ERROR_CODES, type Deployment, type DeploySettingsBody, type VisitorConversationSummary } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/secrets.js';
import type { PlanService } from '../billing/plan-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { proposeQuestions } from './proposed-questions.js';
import { currentTranslations, textLanguage } from './visitor-greeting.js';
import { WidgetRefusalsRepository } from './widget-refusals-repository.js';
import { WidgetRepository, type DeploymentChange, type DeploymentRow } from './widget-repository.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';

const PAGE_SIZE = 50;

/** The same question twice (whatever its case) is offered once. */
const distinctQuestions = (questions: string[]): string[] =>
  questions.filter((question, index) => questions.findIndex((other) => other.toLowerCase() === question.toLowerCase()) === index);

/**
 * The owner's side of putting a Spark on websites: where it may run, the tag to paste, its token,
 * its caps, what the widget greets and offers visitors with, how long their conversations are
 * kept, and the conversations themselves.
 */
export class DeploymentService {
  private readonly repository: WidgetRepository;
  private readonly refusals: WidgetRefusalsRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: { sparks: SparksService; plans: PlanService; channels: ChannelTurnsService },
    /** Without PUBLIC_URL the snippet names the address the owner is using; the deploy panel says so. */
    private readonly options: { publicUrlSet: boolean },
  ) {
    this.repository = new WidgetRepository(db);
    this.refusals = new WidgetRefusalsRepository(db);
  }

  /** `productUrl` is the address the script tag names: PUBLIC_URL, or the one the owner is using (lib/public-url-for.ts). */
  async deployment(tenantId: string, sparkId: string, productUrl: string): Promise<Deployment> {
    return this.deploymentView(tenantId, sparkId, await this.repository.deployment(tenantId, sparkId), productUrl);
  }

  /**
   * The owner's deploy settings, any of them: the websites (the whole list), the daily caps, how long
   * visitors' conversations are kept, the questions the widget suggests and the privacy policy.
   */
  async configure(tenantId: string, sparkId: string, settings: DeploySettingsBody, productUrl: string): Promise<Deployment> {
    if (settings.dailyCaps && !(await this.deps.channels.usage.setCaps(tenantId, sparkId, settings.dailyCaps)))
      throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    const change: DeploymentChange = {
      ...(settings.visitorRetentionDays !== undefined ? { visitorRetentionDays: settings.visitorRetentionDays } : {}),
      ...(settings.suggestedQuestions ? { suggestedQuestions: distinctQuestions(settings.suggestedQuestions) } : {}),
      ...(settings.privacyUrl !== undefined ? { privacyUrl: settings.privacyUrl } : {}),
      ...(settings.translations ? { translations: settings.translations } : {}),
    };
    if (Object.keys(change).length > 0 && !(await this.repository.update(tenantId, sparkId, change)))
      throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    if (settings.allowedOrigins) return this.setAllowedOrigins(tenantId, sparkId, settings.allowedOrigins, productUrl);
    return this.deployment(tenantId, sparkId, productUrl);
  }

  /**
   * The websites the Spark may run on. A Spark going live counts against the plan's deployments
   * (product.md §9; 0 means none); after a trial ends without a plan, no Spark can go live.
   */
  async setAllowedOrigins(tenantId: string, sparkId: string, origins: string[], productUrl: string): Promise<Deployment> {
    const unique = [...new Set(origins)];
    // Whose Spark it is comes first: a stranger learns "not found", never what their own plan allows.
    if (!(await this.repository.deployment(tenantId, sparkId))) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    const row = await this.db.transaction(async (tx) => {
      // Going live counts against the plan's Sparks on websites (PlanService.admit); taking a Spark off every website never does.
      if (unique.length > 0) await this.deps.plans.admit(tx, tenantId, 'websites', 1, sparkId);
      return new WidgetRepository(tx).setAllowedOrigins(tenantId, sparkId, unique);
    });
    // Only once the Spark is known to be the caller's: a website just allowed is no longer a refusal to report.
    if (row) await this.refusals.forget(sparkId, unique);
    return this.deploymentView(tenantId, sparkId, row, productUrl);
  }

  /** A new deploy token: the old one stops working at once, on every website. */
  async rotate(tenantId: string, sparkId: string, productUrl: string): Promise<Deployment> {
    return this.deploymentView(tenantId, sparkId, await this.repository.update(tenantId, sparkId, { deployToken: `dpl_${randomToken(24)}` }), productUrl);
  }

  async visitorConversations(
    tenantId: string,
    sparkId: string,
    query: { q?: string | undefined; before?: string | undefined },
  ): Promise<VisitorConversationSummary[]> {
    if (!(await this.repository.deployment(tenantId, sparkId))) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    const rows = await this.repository.visitorConversations(tenantId, sparkId, {
      ...(query.q ? { search: query.q } : {}),
      ...(query.before ? { before: new Date(query.before) } : {}),
      limit: PAGE_SIZE,
    });
    return rows.map((row) => ({
      id: row.id,
      startedAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      messages: row.messages,
      preview: row.preview ?? '',
    }));
  }

  /** Hourly: visitors' conversations older than their Spark keeps them are deleted (product.md, deploy panel). */
  forgetExpiredConversations(): Promise<number> {
    return this.repository.forgetExpiredConversations();
  }

  /** Hourly: visitors' daily counts of earlier days go (the Spark's own counts stay for its monthly figures). */
  forgetOldVisitors(): Promise<void> {
    return this.deps.channels.usage.forgetOldVisitors();
  }

  private async deploymentView(tenantId: string, sparkId: string, row: DeploymentRow | undefined, productUrl: string): Promise<Deployment> {
    const usage = row ? await this.deps.channels.usage.view(tenantId, sparkId) : undefined;
    if (!row || !usage) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    const snippet = `<script src="${productUrl.replace(/\/$/, '')}/widget.js" data-spark="${row.deployToken}" async></script>`;
    const refusals = (await this.refusals.recent(sparkId)).map((refusal) => ({ ...refusal, lastAt: refusal.lastAt.toISOString() }));
    const texts = { initialMessage: (await this.deps.sparks.get(tenantId, sparkId)).options.initialMessage, suggestedQuestions: row.suggestedQuestions };
    return {
      sparkId,
      deployToken: row.deployToken,
      allowedOrigins: row.allowedOrigins,
      snippet,
      publicUrlSet: this.options.publicUrlSet,
      ...usage,
      refusals,
      visitorRetentionDays: row.visitorRetentionDays,
      suggestedQuestions: row.suggestedQuestions,
      proposedQuestions: proposeQuestions(await this.repository.headings(tenantId, sparkId), row.suggestedQuestions),
      privacyUrl: row.privacyUrl,
      initialMessage: texts.initialMessage,
      textLanguage: textLanguage(texts),
      translations: currentTranslations(texts, row.translations),
    };
  }
}

import { createHash, createHmac } from 'node:crypto';
import {
  DEFAULT_SPARK_THEME,
  ERROR_CODES,
  type FeedbackBody,
  type WidgetContactBody,
  type Language,
  type WidgetChatBody,
  type WidgetLook,
  type WidgetMessage,
  type RunActionBody,
} from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/secrets.js';
import type { ConversationService, PreparedTurn } from '../chat/conversation-service.js';
import type { PlanService } from '../billing/plan-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { WidgetRepository, type DeployedSpark } from './widget-repository.js';
import { WidgetTicket } from './widget-ticket.js';
import { widgetMessage } from '../../lib/widget-message.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';
import { WidgetRefusalsRepository, type RefusalReason } from './widget-refusals-repository.js';
import type { RequestsService } from '../insights/requests-service.js';
import { visitorGreeting } from './visitor-greeting.js';
import type { LiveService } from '../live/live-service.js';

export interface WidgetDeps {
  sparks: SparksService;
  plans: PlanService;
  channels: ChannelTurnsService;
  conversations: ConversationService;
  requests: RequestsService;
  live: LiveService;
}

export interface WidgetOptions {
  appSecret: string;
  /** The operator's privacy policy (PRIVACY_POLICY_URL); without it, the product's own page. */
  privacyPolicyUrl?: string | null;
}

const VISITOR_TOKEN = /^vt_[\w-]{40,64}$/;

const unavailable = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'This assistant is not available.');
const notAllowed = (origin: string | null) =>
  new AppError(
    403,
    ERROR_CODES.ORIGIN_NOT_ALLOWED,
    origin
      ? `This assistant is not enabled on ${origin}. Its owner can add this website in Sparks, under Deploy.`
      : 'This assistant is not enabled on any website yet. Its owner can add one in Sparks, under Deploy.',
  );
const inactive = () => new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This assistant is paused.');

/** An origin as browsers send it (scheme, host, port; nothing else), so nothing else is ever stored. */
const isWebsiteOrigin = (origin: string): boolean => {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
};

const hashOf = (visitorToken: string) => createHash('sha256').update(visitorToken).digest('hex');

/**
 * The website widget: a Spark reached by its public deploy token, only from the websites its owner
 * allowed, answering visitors through the same pipeline as test chats. The owner's side of it is
 * DeploymentService.
 */
export class WidgetService {
  private readonly repository: WidgetRepository;
  private readonly tickets: WidgetTicket;
  private readonly refusals: WidgetRefusalsRepository;

  constructor(
    db: Db,
    private readonly deps: WidgetDeps,
    private readonly options: WidgetOptions,
  ) {
    this.repository = new WidgetRepository(db);
    this.tickets = new WidgetTicket(options.appSecret);
    this.refusals = new WidgetRefusalsRepository(db);
  }

  /**
   * The Spark's public look, for the loader on a website (whose origin the browser states).
   * `productUrl`, here and below, is the product's address for this request (lib/public-url-for.ts):
   * its origin is the app's own, and its /privacy the product's policy.
   */
  async look(deployToken: string, origin: string | undefined, language: Language, productUrl: string): Promise<{ look: WidgetLook; spark: DeployedSpark }> {
    const spark = await this.deployed(deployToken);
    await this.assertAllowed(spark, origin ?? null, productUrl);
    return { look: await this.lookOf(spark, language, productUrl), spark };
  }

  /**
   * What the chat frame starts with: the look, a ticket for its requests, and the websites that
   * may frame it (its CSP). The website is read from the frame request's Referer when sent.
   */
  async frame(
    deployToken: string,
    hostOrigin: string | null,
    language: Language,
    productUrl: string,
  ): Promise<{ look: WidgetLook; ticket: string; allowedOrigins: string[] }> {
    const spark = await this.deployed(deployToken);
    if (hostOrigin) await this.assertAllowed(spark, hostOrigin, productUrl);
    else if (spark.allowedOrigins.length === 0) throw notAllowed(null);
    else await this.assertAllowed(spark, spark.allowedOrigins[0]!, productUrl);
    // Our own pages (the deploy panel's live preview) are named too: they may always show the chat.
    const ticket = await this.tickets.issue({ sparkId: spark.sparkId, origin: hostOrigin });
    return { look: await this.lookOf(spark, language, productUrl), ticket, allowedOrigins: spark.allowedOrigins };
  }

  /**
   * Checks a chat request: from the frame (our own origin) it must carry the frame's ticket for
   * this Spark; from a website calling the API directly, the website must be allowed.
   */
  async access(deployToken: string, origin: string | undefined, ticket: string | undefined, productUrl: string): Promise<DeployedSpark> {
    const spark = await this.deployed(deployToken);
    // A frame's own requests carry our origin, or `null` when the browser withholds it: they show the ticket.
    if (origin && origin !== new URL(productUrl).origin && origin !== 'null') {
      await this.assertAllowed(spark, origin, productUrl);
      return spark;
    }
    const claims = ticket ? await this.tickets.verify(ticket) : null;
    if (!claims || claims.sparkId !== spark.sparkId) throw new AppError(403, ERROR_CODES.FORBIDDEN, 'This chat has expired. Reload the page to start again.');
    // A website removed from the list since the frame opened loses the widget at once.
    if (claims.origin) await this.assertAllowed(spark, claims.origin, productUrl);
    else if (spark.allowedOrigins.length === 0) throw notAllowed(null);
    else await this.assertAllowed(spark, spark.allowedOrigins[0]!, productUrl);
    return spark;
  }

  /**
   * A visitor's question: their session (new on the first question) and the turn that answers it.
   * The daily caps count it first (429 when one is reached), then the plan's interactions.
   */
  async ask(
    spark: DeployedSpark,
    visitorToken: string | undefined,
    body: WidgetChatBody,
    language: Language,
  ): Promise<{ visitorToken: string; turn: PreparedTurn }> {
    const token = visitorToken && VISITOR_TOKEN.test(visitorToken) ? visitorToken : `vt_${randomToken(32)}`;
    return { visitorToken: token, turn: await this.deps.channels.ask(spark, { hash: hashOf(token), channel: 'widget' }, body.text, language) };
  }

  /** A visitor's answers to the action the Spark offered them: the turn that runs it and says its reply. */
  runAction(spark: DeployedSpark, visitorToken: string | undefined, actionId: string, body: RunActionBody): Promise<{ summary: string; turn: PreparedTurn }> {
    if (!visitorToken || !VISITOR_TOKEN.test(visitorToken)) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'There is no conversation yet.');
    return this.deps.channels.runAction(spark, { hash: hashOf(visitorToken), channel: 'widget' }, actionId, body.inputs ?? {}, body.confirmed ?? false);
  }

  /** A visitor's thumbs up or down on an answer of their own conversation. */
  vote(spark: DeployedSpark, visitorToken: string | undefined, body: FeedbackBody) {
    if (!visitorToken || !VISITOR_TOKEN.test(visitorToken)) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Message not found');
    return this.deps.channels.vote(spark.sparkId, hashOf(visitorToken), body);
  }

  /**
   * A visitor leaving their e-mail address for a person to answer; a visitor with no session yet
   * gets one. Their network address is kept as a keyed hash only, to bound requests per address.
   */
  async contact(spark: DeployedSpark, visitor: { token: string | undefined; address: string }, body: WidgetContactBody, language: Language): Promise<string> {
    const token = visitor.token && VISITOR_TOKEN.test(visitor.token) ? visitor.token : `vt_${randomToken(32)}`;
    const addressHash = createHmac('sha256', this.options.appSecret).update(`visitor-address:${visitor.address}`).digest('hex');
    await this.deps.requests.create(spark, { visitorHash: hashOf(token), addressHash }, body, language);
    return token;
  }

  /** The visitor's own conversation as it happens: what a person who took it over writes, and the notices. */
  liveStream(spark: DeployedSpark, visitorToken: string | undefined, after: number, signal: AbortSignal) {
    if (!visitorToken || !VISITOR_TOKEN.test(visitorToken)) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'There is no conversation yet.');
    return this.deps.live.visitorStream(spark.sparkId, hashOf(visitorToken), after, signal, widgetMessage);
  }

  async typing(spark: DeployedSpark, visitorToken: string | undefined): Promise<void> {
    if (visitorToken && VISITOR_TOKEN.test(visitorToken)) await this.deps.live.visitorTyping(spark.sparkId, hashOf(visitorToken));
  }

  /**
   * The visitor's conversation so far; an unknown or malformed session has none. `lastSeq` is read
   * first: a message stored in between is shown twice at worst, never missed.
   */
  async history(spark: DeployedSpark, visitorToken: string | undefined): Promise<{ messages: WidgetMessage[]; lastSeq: number }> {
    if (!visitorToken || !VISITOR_TOKEN.test(visitorToken)) return { messages: [], lastSeq: 0 };
    const lastSeq = await this.deps.live.lastSeq(spark.sparkId, hashOf(visitorToken));
    const messages = await this.deps.conversations.visitorHistory(spark.sparkId, hashOf(visitorToken));
    return { messages: messages.flatMap((message) => widgetMessage(message) ?? []), lastSeq };
  }

  private async deployed(deployToken: string): Promise<DeployedSpark> {
    const spark = /^dpl_[\w-]{10,64}$/.test(deployToken) ? await this.repository.byToken(deployToken) : undefined;
    if (!spark) throw unavailable();
    if (spark.tenantStatus === 'inactive') throw inactive();
    return spark;
  }

  /**
   * A website on the Spark's list. The app's own pages (the deploy panel's preview) count as one
   * only once the Spark is live somewhere: a Referer is easy to fake, and an unlisted Spark must
   * not answer anyone (nor escape the plan's deployments).
   */
  private async assertAllowed(spark: DeployedSpark, origin: string | null, productUrl: string): Promise<void> {
    const ownOrigin = new URL(productUrl).origin;
    const listed = origin !== null && (spark.allowedOrigins.includes(origin) || (origin === ownOrigin && spark.allowedOrigins.length > 0));
    if (!listed) {
      await this.noteRefusal(spark, origin, 'not-listed', ownOrigin);
      throw notAllowed(origin);
    }
    // After a downgrade, the oldest Sparks on websites keep the plan's deployments; the others pause.
    try {
      this.deps.plans.assertDeploymentKept(spark.planSlug, spark.olderLiveSparks);
    } catch (error) {
      await this.noteRefusal(spark, origin, 'over-plan', ownOrigin);
      throw error;
    }
  }

  /** A website that tried to show the widget and was refused, for the deploy panel (a real website origin only). */
  private async noteRefusal(spark: DeployedSpark, origin: string | null, reason: RefusalReason, ownOrigin: string): Promise<void> {
    if (!origin || origin === ownOrigin || origin.length > 200 || !isWebsiteOrigin(origin)) return;
    await this.refusals.record(spark.sparkId, origin, reason);
  }

  /** What a visitor who reads `language` sees first: the welcome message and suggested questions in their language where the owner translated them. */
  private async lookOf(spark: DeployedSpark, language: Language, productUrl: string): Promise<WidgetLook> {
    const full = await this.deps.sparks.get(spark.tenantId, spark.sparkId);
    return {
      name: full.name,
      ...visitorGreeting({ initialMessage: full.options.initialMessage, suggestedQuestions: spark.suggestedQuestions }, spark.translations, language),
      theme: full.options.theme ?? DEFAULT_SPARK_THEME,
      privacyUrl: spark.privacyUrl ?? this.options.privacyPolicyUrl ?? `${productUrl.replace(/\/$/, '')}/privacy`,
    };
  }
}

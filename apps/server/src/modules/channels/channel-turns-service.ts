import { ERROR_CODES, type FeedbackBody, type Language, type VisitorChannel, type WidgetMessage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import type { AccountEvents } from '../../lib/account-events.js';
import { AppError } from '../../lib/app-error.js';
import type { ActionsService } from '../actions/actions-service.js';
import type { PlanService } from '../billing/plan-service.js';
import type { ConversationService, PreparedTurn } from '../chat/conversation-service.js';
import type { SparkAnswerService } from '../chat/spark-answer-service.js';
import type { FeedbackService } from '../insights/feedback-service.js';
import type { GapsService } from '../insights/gaps-service.js';
import type { LiveService } from '../live/live-service.js';
import { ChannelSparkRepository, type ChannelSpark } from './channel-spark-repository.js';
import { VisitorUsage } from './visitor-usage.js';
import { VisitorUsageRepository } from './visitor-usage-repository.js';
import { answerOf, VisitorTurns } from './visitor-turns.js';

/** What the Spark says when a hand-back's unanswered question cannot be answered now: part of the layer's surface, which other modules may only reach through this file. */
export { ASK_AGAIN } from './ask-again.js';
/** The fixed replies every messaging platform shares (not text, unavailable, a person joined or left). */
export { CHANNEL_REPLIES } from './channel-replies.js';

export interface ChannelTurnsDeps {
  actions: ActionsService;
  answers: SparkAnswerService;
  conversations: ConversationService;
  feedback: FeedbackService;
  gaps: GapsService;
  live: LiveService;
  plans: PlanService;
  /** Where a conversation started, an answer, a request for a person and a gap are announced (webhooks). */
  events: AccountEvents;
}

/** A visitor as a channel knows them: a keyed hash of their address there (a widget session, a phone number, a chat id) and the channel. */
export interface ChannelVisitor {
  hash: string;
  channel: VisitorChannel;
}

/** One text a channel received for a Spark, as every channel's adapter hands it over. */
export interface InboundMessage {
  sparkId: string;
  visitor: ChannelVisitor;
  text: string;
  /** The language the answer is written in when the text does not say (the sender's, as the platform tells it). */
  language: Language;
}

/** What a channel that sends whole messages sends back: the answer as the visitor sees it, or nothing while a person has the conversation. */
export interface ChannelReply {
  conversationId: string;
  reply: WidgetMessage | null;
  askedForPerson: boolean;
  held: boolean;
}

const unavailable = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'This assistant is not available.');
const inactive = () => new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This assistant is paused.');

/**
 * The channel layer's conversations (docs/architecture.md, "Channels"): every channel's visitor is
 * answered here, whatever platform they wrote from. A question is counted by the daily caps and the
 * plan, or passed to the person who has the conversation; the answer comes from the one answer
 * pipeline; the owner hears of it (Live, the knowledge-gap inbox); a vote, a hand-back's unanswered
 * question and the caps work the same on every channel. A channel's adapter turns its platform's
 * delivery into an `InboundMessage` and the `ChannelReply` into what the platform can show.
 */
export class ChannelTurnsService {
  /** The daily caps, which the deploy panel shows and sets. */
  readonly usage: VisitorUsage;
  private readonly turns: VisitorTurns;
  private readonly sparks: ChannelSparkRepository;

  constructor(
    db: Db,
    private readonly deps: ChannelTurnsDeps,
  ) {
    this.usage = new VisitorUsage(new VisitorUsageRepository(db), deps.plans);
    this.turns = new VisitorTurns({ ...deps, usage: this.usage });
    this.sparks = new ChannelSparkRepository(db);
  }

  /** A Spark of the tenant as a channel answers for it: missing (another tenant's too) is 404, a paused account 423. */
  async sparkOf(tenantId: string, sparkId: string): Promise<ChannelSpark> {
    const spark = await this.sparks.byId(sparkId);
    if (!spark || spark.tenantId !== tenantId) throw unavailable();
    if (spark.tenantStatus === 'inactive') throw inactive();
    return spark;
  }

  /** A question from a channel that streams the answer as it is written (the widget), for a Spark the channel has found and checked. */
  ask(spark: ChannelSpark, visitor: ChannelVisitor, text: string, language: Language): Promise<PreparedTurn> {
    return this.turns.ask(spark, visitor, text, language);
  }

  /** A visitor's answers to the action the Spark offered them (the widget's form), for a Spark the channel has found and checked: what they gave, as kept, and the turn that runs it. */
  runAction(
    spark: ChannelSpark,
    visitor: ChannelVisitor,
    actionId: string,
    given: Record<string, string>,
    confirmed: boolean,
  ): Promise<{ summary: string; turn: PreparedTurn }> {
    return this.turns.runAction(spark, visitor, actionId, given, confirmed);
  }

  /** A message from a channel that sends whole messages (WhatsApp): answered to its end, as the visitor sees it (null while a person has the conversation: `held`). */
  async reply({ sparkId, visitor, text, language }: InboundMessage): Promise<ChannelReply> {
    const spark = await this.sparks.byId(sparkId);
    if (!spark) throw unavailable();
    if (spark.tenantStatus === 'inactive') throw inactive();
    const held = await this.deps.live.takenOverFor(sparkId, visitor.hash);
    const turn = await this.turns.ask(spark, visitor, text, language);
    return { conversationId: turn.conversationId, ...(await answerOf(turn)), held: held !== null };
  }

  /**
   * On hand-back: the visitor's last message, when the person left it unanswered, answered by the
   * Spark (or the visitor asked to ask again); what was said, for the channel to send.
   */
  async leftUnanswered(sparkId: string, visitorHash: string, fallback: Language, lastTry = true): Promise<WidgetMessage | null> {
    const spark = await this.sparks.byId(sparkId);
    return spark ? this.turns.leftUnanswered(spark, visitorHash, fallback, lastTry) : null;
  }

  /** A visitor's vote (a thumb in the widget, a reaction on WhatsApp) on an answer of their own conversation. */
  vote(sparkId: string, visitorHash: string, body: FeedbackBody) {
    return this.deps.feedback.vote({ kind: 'visitor', sparkId, visitorHash }, body);
  }
}

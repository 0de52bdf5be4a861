import { ERROR_CODES, type Language, type VisitorChannel, type WidgetMessage } from '@sparks/contract';
import type { AccountEvents } from '../../lib/account-events.js';
import { AppError } from '../../lib/app-error.js';
import { requireOfferedAction } from '../../lib/require-offered-action.js';
import { answerStep, pendingQuestion, stepMessage, type ActionStep } from '../../lib/action-questions.js';
import { admittedTurn } from '../../lib/admitted-turn.js';
import { aiMessage } from '../../lib/chat-messages.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { ActionsService } from '../actions/actions-service.js';
import type { ConversationService, PreparedTurn } from '../chat/conversation-service.js';
import type { SparkAnswerService } from '../chat/spark-answer-service.js';
import type { GapsService } from '../insights/gaps-service.js';
import type { LiveService } from '../live/live-service.js';
import { ASK_AGAIN } from './ask-again.js';
import type { ChannelSpark } from './channel-spark-repository.js';
import { widgetMessage } from '../../lib/widget-message.js';
import type { VisitorUsage } from './visitor-usage.js';

export interface VisitorTurnsDeps {
  actions: ActionsService;
  answers: SparkAnswerService;
  conversations: ConversationService;
  gaps: GapsService;
  live: LiveService;
  usage: VisitorUsage;
  events: AccountEvents;
}

/** The plan's month, the day's caps or a paused account: answering is not possible for now. */
const isRefusal = (error: unknown): boolean => error instanceof AppError && [402, 423, 429].includes(error.statusCode);

/**
 * A turn run to its end with no one reading it as it is written, as one reply: its last message,
 * after whatever the turn said before it (an action's reply before a model's closing sentence),
 * and whether the visitor asked for a person.
 */
export async function answerOf(turn: PreparedTurn): Promise<{ reply: WidgetMessage | null; askedForPerson: boolean }> {
  let reply: WidgetMessage | null = null;
  const before: string[] = [];
  let askedForPerson = false;
  for await (const event of turn.events(new AbortController().signal)) {
    if (event.type !== 'message') continue;
    const said = widgetMessage(event.message);
    if (said && reply?.content) before.push(reply.content);
    reply = said ?? reply;
    askedForPerson ||= event.message.data.asksForPerson === true;
  }
  return { reply: reply && before.length > 0 ? { ...reply, content: [...before, reply.content].join('\n\n') } : reply, askedForPerson };
}

/**
 * The Spark answering a visitor of any channel: their question counted by the daily caps and the
 * plan, or passed to the person who has the conversation; and, on hand-back, the question that
 * person left unanswered. The owner hears of each answer (the Live view, the knowledge-gap inbox).
 */
export class VisitorTurns {
  constructor(private readonly deps: VisitorTurnsDeps) {}

  async ask(spark: ChannelSpark, from: { hash: string; channel: VisitorChannel }, text: string, language: Language): Promise<PreparedTurn> {
    const visitor = from.hash;
    const { live } = this.deps;
    // A person has taken the conversation over: the message goes to them, the Spark stays quiet and nothing is metered.
    const held = await live.takenOverFor(spark.sparkId, visitor);
    if (held) {
      await live.visitorSaid(spark.sparkId, held, text);
      // No answer comes back: the person's reply reaches the visitor through the conversation's live stream.
      return { conversationId: held, async *events() {} };
    }
    // On a channel without forms, a reply to the question an action asked goes to the action (decision 0042).
    const pending = from.channel === 'widget' ? null : pendingQuestion(await this.deps.conversations.visitorHistory(spark.sparkId, visitor));
    const step = pending ? answerStep(pending, text) : null;
    if (step) return this.actionStep(spark, from, text, language, step);
    const started = (await this.deps.conversations.visitorConversationId(spark.sparkId, visitor)) === null;
    const turn = await admittedTurn(
      () => this.deps.usage.admit(spark, visitor),
      () => this.deps.answers.prepareVisitor(spark.tenantId, { sparkId: spark.sparkId, visitorHash: visitor, channel: from.channel }, text, language),
    );
    return this.noted(spark, text, turn, from.channel, started);
  }

  /**
   * A visitor's reply that moves an action on, counted as any message is: the next question, the
   * confirmation, a cancellation, or the run with what they gave. A value the action still refuses
   * cancels it, saying why.
   */
  private async actionStep(spark: ChannelSpark, from: { hash: string; channel: VisitorChannel }, text: string, language: Language, step: ActionStep) {
    const { actions, answers, usage } = this.deps;
    const visitor = { sparkId: spark.sparkId, visitorHash: from.hash, channel: from.channel };
    let prepared: Awaited<ReturnType<ActionsService['visitorRun']>> | null = null;
    if (step.kind === 'run') {
      try {
        prepared = await actions.visitorRun(spark.tenantId, spark.sparkId, step.offer.actionId, step.offer.values, step.confirmed, 'visitor');
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      }
    }
    const said = step.kind === 'run' ? null : stepMessage(step, language);
    const turn = await admittedTurn(
      () => usage.admit(spark, from.hash),
      () =>
        prepared
          ? answers.prepareVisitorAction(spark.tenantId, visitor, text, prepared.run)
          : answers.prepareVisitorSaid(spark.tenantId, visitor, text, said ?? stepMessage({ kind: 'cancel' }, language)),
    );
    return this.noted(spark, text, turn, from.channel);
  }

  /**
   * A visitor's answers to the action the Spark last offered them (docs/decisions/0042): checked
   * first (nothing counts for a wrong value or an action not offered), then counted by the daily
   * caps and the plan like a question, run, and kept in their conversation with its reply.
   */
  async runAction(
    spark: ChannelSpark,
    from: { hash: string; channel: VisitorChannel },
    actionId: string,
    given: Record<string, string>,
    confirmed: boolean,
  ): Promise<{ summary: string; turn: PreparedTurn }> {
    const { live, conversations, actions, answers } = this.deps;
    if (await live.takenOverFor(spark.sparkId, from.hash))
      throw new AppError(409, ERROR_CODES.CONFLICT, 'Someone from the team is answering you now: write to them here.');
    requireOfferedAction(await conversations.visitorHistory(spark.sparkId, from.hash), actionId);
    const prepared = await actions.visitorRun(spark.tenantId, spark.sparkId, actionId, given, confirmed, 'visitor');
    const turn = await admittedTurn(
      () => this.deps.usage.admit(spark, from.hash),
      () =>
        answers.prepareVisitorAction(spark.tenantId, { sparkId: spark.sparkId, visitorHash: from.hash, channel: from.channel }, prepared.summary, prepared.run),
    );
    return { summary: prepared.summary, turn: this.noted(spark, prepared.summary, turn, from.channel) };
  }

  /**
   * On hand-back (docs/decisions/0030): the visitor's last message, when the person who had the
   * conversation left it unanswered, answered now as any question is: the daily caps and the plan
   * count it, and the answer is kept, marked as said on hand-back (the widget's live stream
   * carries it). When they refuse it, or the model fails on the last try, the visitor reads that
   * they may ask it again. Answers what was said; null when there was nothing to answer, or a
   * person has the conversation again.
   */
  async leftUnanswered(spark: ChannelSpark, visitorHash: string, fallback: Language, lastTry: boolean): Promise<WidgetMessage | null> {
    const { conversations, live, answers } = this.deps;
    if (await live.takenOverFor(spark.sparkId, visitorHash)) return null;
    const left = await conversations.leftUnanswered(spark.tenantId, spark.sparkId, visitorHash);
    if (!left) return null;
    const question = left.question.data.content ?? '';
    const earlier = left.history.filter((message) => message.type === 'human').map((message) => message.data.content ?? '');
    const language = questionLanguage(question, questionLanguage(earlier.join('\n'), fallback));
    try {
      if (spark.tenantStatus === 'inactive') throw new AppError(423, ERROR_CODES.TENANT_INACTIVE, 'This assistant is paused.');
      const turn = await admittedTurn(
        () => this.deps.usage.admit(spark, visitorHash),
        () => answers.prepareLeftUnanswered(spark.tenantId, left, language),
      );
      return (await answerOf(this.noted(spark, question, turn, left.conversation.channel ?? 'widget'))).reply;
    } catch (error) {
      // The caps and the plan refuse for now; another failure is tried again while tries remain.
      if (!isRefusal(error) && !lastTry) throw error;
      const askAgain = aiMessage({ content: ASK_AGAIN[language], afterHandBack: true });
      const said = conversations.persisting(left.conversation, null, async function* () {
        yield { type: 'message', message: askAgain } as const;
      });
      return (await answerOf(this.noted(spark, '', said, left.conversation.channel ?? 'widget'))).reply;
    }
  }

  /**
   * A turn the Spark answers, as its owner hears of it: a question it could not answer goes to the
   * knowledge-gap inbox, and once stored the Live view sees it (and hears when a visitor asks for a person).
   * The account's webhooks hear of the same once the turn is kept: a conversation started, each
   * answer (hedged or not), a request for a person and a question the documents did not answer.
   */
  private noted(spark: ChannelSpark, question: string, turn: PreparedTurn, channel: VisitorChannel, started = false): PreparedTurn {
    const { gaps, live, events } = this.deps;
    const { tenantId, sparkId } = spark;
    const { conversationId } = turn;
    return {
      conversationId,
      async *events(signal) {
        let askedForPerson = false;
        let unanswered = false;
        const answers: Array<{ messageId: string | null; hedged: boolean }> = [];
        for await (const event of turn.events(signal)) {
          if (event.type === 'message' && event.message.data.unanswered) {
            unanswered = true;
            await gaps.noteUnanswered(tenantId, sparkId, question);
          }
          if (event.type === 'message' && event.message.data.asksForPerson) askedForPerson = true;
          if (event.type === 'message' && event.message.type === 'ai' && event.message.data.content?.trim())
            answers.push({ messageId: event.message.id ?? null, hedged: event.message.data.unanswered === true });
          yield event;
        }
        await live.turnStored(sparkId, conversationId, askedForPerson);
        const about = { sparkId, conversationId, channel };
        if (started) await events.announce({ tenantId, event: 'conversation.started', data: { ...about, question } });
        for (const answer of answers) await events.announce({ tenantId, event: 'message.answered', data: { ...about, question, ...answer } });
        if (unanswered) await events.announce({ tenantId, event: 'gap.opened', data: { ...about, question } });
        if (askedForPerson) await events.announce({ tenantId, event: 'person.requested', data: { ...about, question, via: 'conversation' } });
      },
    };
  }
}

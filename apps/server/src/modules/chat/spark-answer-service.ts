import {
  TEST_START_MESSAGE,
  type ChatHistory,
  type ChatMessage,
  type Language,
  type Spark,
  type TestChatActionBody,
  type TestChatBody,
  type VisitorChannel,
} from '@sparks/contract';
import type { ChatDeps } from './chat-deps.js';
import type { Caller } from '../../auth/caller.js';
import { aiMessage, humanMessage } from '../../lib/chat-messages.js';
import type { ConversationService, LeftUnanswered, PreparedTurn } from './conversation-service.js';
import { modelFailed } from '../../lib/model-failure.js';
import { meteredTurn } from './metered-turn.js';
import { requireOfferedAction } from '../../lib/require-offered-action.js';
import type { TurnEvent } from '../../lib/turn-event.js';

/**
 * A Spark's conversations answered: test chats, visitors' questions on every channel, a question
 * left unanswered before a hand-back and saved tests' replays, each opened, counted against the
 * plan and kept here, and answered by the one answer pipeline (`AnswerPipelineService`), so a test
 * shows what visitors will get.
 */
export class SparkAnswerService {
  constructor(private readonly deps: ChatDeps) {}

  /** The builder chat's (no test) or a test chat's latest conversation, once the Spark and test are known to be the caller's. */
  async latestConversation(caller: Caller, sparkId: string, testId: string | undefined): Promise<ChatHistory | null> {
    await this.deps.sparks.get(caller.tenantId, sparkId);
    if (testId) await this.deps.sparks.getTest(caller.tenantId, sparkId, testId);
    return this.deps.conversations.latest(caller, sparkId, testId);
  }

  /** One test-chat message: it counts as an interaction of the plan, as a widget message does. */
  async prepareTest(caller: Caller, sparkId: string, testId: string, body: TestChatBody): Promise<PreparedTurn> {
    // Whose Spark, test and conversation it is comes before the plan: a stranger learns "not found", never what their plan allows.
    const { sparks, conversations } = this.deps;
    const spark = await sparks.get(caller.tenantId, sparkId);
    await sparks.getTest(caller.tenantId, sparkId, testId);
    const opened = await conversations.open(caller, { sparkId, testId, kind: 'test' }, body.conversationId);
    return meteredTurn(this.deps.plans, caller.tenantId, () => this.prepareTestTurn(caller, spark, opened, body));
  }

  /**
   * One question of a visitor (through the widget or WhatsApp): the same answer a test chat gives,
   * counted against the owner's plan, kept in the visitor's own conversation.
   */
  prepareVisitor(
    tenantId: string,
    visitor: { sparkId: string; visitorHash: string; channel: VisitorChannel },
    text: string,
    language: Language,
  ): Promise<PreparedTurn> {
    const { sparkId, visitorHash, channel } = visitor;
    return meteredTurn(this.deps.plans, tenantId, async () => {
      const spark = await this.deps.sparks.get(tenantId, sparkId);
      const { conversation, history } = await this.deps.conversations.openVisitor(tenantId, sparkId, visitorHash, channel);
      const human = humanMessage(text);
      return this.deps.conversations.persisting(conversation, human, (signal) =>
        this.answer(tenantId, spark, history, human, language, signal, channel, 'visitor'),
      );
    });
  }

  /**
   * A visitor's answers to an action offered them (docs/decisions/0042): an interaction of the plan
   * like a question, kept in their conversation as what they gave (`summary`: the form's values, a
   * sensitive one masked, or a channel's reply as typed) and the action's reply.
   */
  prepareVisitorAction(
    tenantId: string,
    visitor: { sparkId: string; visitorHash: string; channel: VisitorChannel },
    summary: string,
    run: () => Promise<{ reply: string; ok: boolean }>,
  ): Promise<PreparedTurn> {
    const { sparkId, visitorHash, channel } = visitor;
    return meteredTurn(this.deps.plans, tenantId, async () => {
      const { conversation } = await this.deps.conversations.openVisitor(tenantId, sparkId, visitorHash, channel);
      return this.deps.conversations.persisting(conversation, humanMessage(summary), () => actionReply(run));
    });
  }

  /**
   * The owner's answers to an action offered in a test chat: checked as a visitor's are (only the
   * latest answer's offer runs), counted as an interaction like a test question, and kept in the
   * test chat. Answers the summary of what was given with the turn, for the chat to show first.
   */
  async prepareTestAction(
    caller: Caller,
    sparkId: string,
    testId: string,
    actionId: string,
    body: TestChatActionBody,
  ): Promise<{ summary: ChatMessage; turn: PreparedTurn }> {
    const { sparks, conversations, actions } = this.deps;
    await sparks.get(caller.tenantId, sparkId);
    await sparks.getTest(caller.tenantId, sparkId, testId);
    const { conversation, history } = await conversations.open(caller, { sparkId, testId, kind: 'test' }, body.conversationId);
    requireOfferedAction(history, actionId);
    const prepared = await actions.visitorRun(caller.tenantId, sparkId, actionId, body.inputs ?? {}, body.confirmed ?? false, 'test');
    const summary = { ...humanMessage(prepared.summary), data: { content: prepared.summary, givenFor: actionId } };
    const turn = await meteredTurn(this.deps.plans, caller.tenantId, async () =>
      conversations.persisting(conversation, summary, () => actionReply(prepared.run)),
    );
    return { summary, turn };
  }

  /**
   * A visitor's message the Spark answers with a fixed message rather than the pipeline (a reply to
   * an action's question: the next question, a confirmation, a cancellation): counted like a question.
   */
  prepareVisitorSaid(
    tenantId: string,
    visitor: { sparkId: string; visitorHash: string; channel: VisitorChannel },
    text: string,
    message: ChatMessage,
  ): Promise<PreparedTurn> {
    const { sparkId, visitorHash, channel } = visitor;
    return meteredTurn(this.deps.plans, tenantId, async () => {
      const { conversation } = await this.deps.conversations.openVisitor(tenantId, sparkId, visitorHash, channel);
      return this.deps.conversations.persisting(conversation, humanMessage(text), async function* () {
        yield { type: 'delta', text: message.data.content ?? '' } as const;
        yield { type: 'message', message } as const;
      });
    });
  }

  /**
   * A visitor's question that a person who had the conversation left unanswered, answered now that
   * the Spark has it back: counted against the owner's plan like any question, the question being
   * stored already, only the answer is (marked as said on hand-back).
   */
  prepareLeftUnanswered(tenantId: string, { conversation, history, question }: LeftUnanswered, language: Language): Promise<PreparedTurn> {
    return meteredTurn(this.deps.plans, tenantId, async () => {
      const spark = await this.deps.sparks.get(tenantId, conversation.sparkId!);
      const channel = conversation.channel ?? 'widget';
      const events = (signal: AbortSignal) => this.answer(tenantId, spark, history, question, language, signal, channel, 'visitor');
      return this.deps.conversations.persisting(conversation, null, async function* (signal) {
        for await (const event of events(signal))
          yield event.type === 'message' ? { ...event, message: { ...event.message, data: { ...event.message.data, afterHandBack: true } } } : event;
      });
    });
  }

  /**
   * A saved test case asked again: its questions answered one after another by the Spark as it is
   * now, the answers kept in memory only. Not counted as interactions: runs are the product
   * checking itself, bounded by the cases a Spark may have.
   */
  async replay(tenantId: string, sparkId: string, questions: readonly string[], language: Language, signal: AbortSignal): Promise<ChatMessage[]> {
    const spark = await this.deps.sparks.get(tenantId, sparkId);
    const history: ChatMessage[] = [];
    const answers: ChatMessage[] = [];
    for (const question of questions) {
      const human = humanMessage(question);
      let answer: ChatMessage | undefined;
      // An action offered or called in the turn belongs to its answer, whichever message of the turn carried it.
      let action: unknown;
      for await (const event of this.answer(tenantId, spark, history, human, language, signal, 'widget', 'replay')) {
        if (event.type !== 'message') continue;
        answer = event.message;
        action ??= event.message.data.action;
      }
      if (!answer) throw modelFailed();
      if (action && !answer.data.action) answer = { ...answer, data: { ...answer.data, action } };
      history.push(human, answer);
      answers.push(answer);
    }
    return answers;
  }

  private async prepareTestTurn(
    caller: Caller,
    spark: Spark,
    { conversation, history }: Awaited<ReturnType<ConversationService['open']>>,
    body: TestChatBody,
  ): Promise<PreparedTurn> {
    const { sparks, conversations } = this.deps;
    const language = await conversations.language(caller, body.language);
    const human = humanMessage(body.input.text);
    if (body.input.text.trim().toLowerCase() !== TEST_START_MESSAGE) await sparks.noteTestQuestion(caller.tenantId, spark._id);
    return conversations.persisting(conversation, human, (signal) => this.answer(caller.tenantId, spark, history, human, language, signal, 'widget', 'test'));
  }

  private answer(
    tenantId: string,
    spark: Spark,
    history: ChatMessage[],
    human: ChatMessage,
    fallbackLanguage: Language,
    signal: AbortSignal,
    channel: VisitorChannel = 'widget',
    actionsRunAs?: 'visitor' | 'test' | 'replay',
  ) {
    // Test chats and saved tests answer as the website's widget does; a saved test's replay calls no action.
    return this.deps.pipeline.answer({ tenantId, spark, history, human, fallbackLanguage, channel, signal, ...(actionsRunAs ? { actionsRunAs } : {}) });
  }
}

/** An action's run said as the turn's answer, marked with how it went. */
async function* actionReply(run: () => Promise<{ reply: string; ok: boolean }>): AsyncGenerator<TurnEvent> {
  const { reply, ok } = await run();
  yield { type: 'delta', text: reply };
  yield { type: 'message', message: aiMessage({ content: reply, actionRan: ok ? 'ok' : 'failed' }) };
}

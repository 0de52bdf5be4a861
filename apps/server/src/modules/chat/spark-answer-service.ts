import {
  TEST_START_MESSAGE,
  type ChatHistory,
  type ChatMessage,
  type Citation,
  type Language,
  type Spark,
  type TestChatBody,
  type VisitorChannel,
} from '@sparks/contract';
import { citedMarkers, type Passage } from '../../llm/prompt-format.js';
import type { ChatDeps } from './chat-deps.js';
import type { Caller } from '../../auth/caller.js';
import { aiMessage, humanMessage } from '../../lib/chat-messages.js';
import type { ConversationService, LeftUnanswered, PreparedTurn } from './conversation-service.js';
import { modelTurn } from '../../llm/model-turn.js';
import { responderOptions } from '../../llm/responder-request.js';
import { modelFailed } from '../../lib/model-failure.js';
import type { TurnEvent } from '../../lib/turn-event.js';
import { meteredTurn } from './metered-turn.js';
import { passageView, type RetrievedChunk } from '../documents/retrieval-service.js';
import { historyForModel } from '../../llm/history-for-model.js';
import { answerSystemPrompt, hasOwnInstructions, knowledgeFor } from './prompt-assembly.js';
import { guardInstructions } from './instructions-guard.js';
import { questionLanguage } from '../../llm/question-language.js';
import { DOCUMENT_INTENTS } from '../../llm/document-intents.js';
import { HANDOFF_ANSWER } from './handoff-answer.js';
import { answerConfidence, confidenceFeatures, CONFIDENCE_MODEL } from '../../llm/answer-confidence.js';
import { EVIDENCE_MAX_PASSAGES, evidenceWithinBudget } from '../../llm/evidence-budget.js';

const EXCERPT_CHARS = 280;

/** The passages an answer's [n] markers point at; markers the model invented are dropped. */
export function citationsFor(text: string, passages: readonly Passage[]): Citation[] {
  return citedMarkers(text).flatMap((marker) => {
    const passage = passages.find((item) => item.marker === marker);
    if (!passage) return [];
    const excerpt = passage.text.length > EXCERPT_CHARS ? `${passage.text.slice(0, EXCERPT_CHARS).trimEnd()}…` : passage.text;
    return [
      {
        marker,
        title: passage.title,
        ...(passage.page ? { page: passage.page } : {}),
        excerpt,
        ...(passage.chunkId ? { chunkId: passage.chunkId } : {}),
        ...(passage.documentId ? { documentId: passage.documentId } : {}),
        ...(passage.url ? { url: passage.url } : {}),
      },
    ];
  });
}

/**
 * The visitor's question before this one, for a follow-up's subject: the last one the Spark
 * answered. What they wrote to a person who had the conversation (answered by the person, or by
 * nobody), a request for a person and the test chat's opening word name no subject of theirs.
 */
function previousQuestion(history: readonly ChatMessage[]): string | null {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index]!;
    const content = message.data.content?.trim() ?? '';
    if (message.type !== 'human' || !content || content.toLowerCase() === TEST_START_MESSAGE) continue;
    const reply = history.slice(index + 1).find((next) => next.type !== 'notice');
    if (reply?.type === 'ai' && !reply.data.asksForPerson) return content;
  }
  return null;
}

/**
 * How a Spark answers a question: the one pipeline behind test chats and, later, the website
 * widget — same knowledge, same prompt, same model — so a test shows what visitors will get.
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
      return this.deps.conversations.persisting(conversation, human, (signal) => this.answer(tenantId, spark, history, human, language, signal, channel));
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
      const events = (signal: AbortSignal) => this.answer(tenantId, spark, history, question, language, signal, channel);
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
      for await (const event of this.answer(tenantId, spark, history, human, language, signal)) if (event.type === 'message') answer = event.message;
      if (!answer) throw modelFailed();
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
    return conversations.persisting(conversation, human, (signal) => this.answer(caller.tenantId, spark, history, human, language, signal));
  }

  private async *answer(
    tenantId: string,
    spark: Spark,
    history: ChatMessage[],
    human: ChatMessage,
    fallbackLanguage: Language,
    signal: AbortSignal,
    // Test chats and saved tests answer as the website's widget does.
    channel: VisitorChannel = 'widget',
  ): AsyncGenerator<TurnEvent> {
    const question = human.data.content ?? '';
    // Answered in the language it was asked in; the profile's or browser's language only when the question does not say.
    const language = questionLanguage(question, fallbackLanguage);
    // product.md §4: a test chat starts with 'inicio', which the Spark answers with its welcome message.
    if (question.trim().toLowerCase() === TEST_START_MESSAGE) {
      yield { type: 'delta', text: spark.options.initialMessage };
      yield { type: 'message', message: aiMessage({ content: spark.options.initialMessage }) };
      return;
    }
    // A request for a person is answered by offering one, not by searching the documents for it.
    if (DOCUMENT_INTENTS.person.test(question)) {
      const content = HANDOFF_ANSWER[channel][language];
      yield { type: 'delta', text: content };
      yield { type: 'message', message: aiMessage({ content, asksForPerson: true }) };
      return;
    }
    const overview = DOCUMENT_INTENTS.summarize.test(question) || DOCUMENT_INTENTS.overview.test(question);
    // "Summarise it" names no subject to search for: the documents' outline answers it.
    const { retrieved, wordings, documentsLanguage, weakMatch } = overview
      ? { ...(await this.outlineEvidence(tenantId, spark._id, language)), weakMatch: false }
      : await this.evidence(tenantId, spark._id, question, { language, previous: previousQuestion(history), signal });
    const passages = knowledgeFor(spark, retrieved);
    const sources = retrieved.map(passageView);
    const request = { kind: 'answer', passages, language, documentsLanguage, wordings, weakMatch, outline: overview } as const;
    let answered = false;
    const turn = modelTurn({
      ...this.deps.settings,
      system: answerSystemPrompt(spark, request),
      providerOptions: responderOptions(request),
      messages: [...historyForModel(history), { role: 'user', content: question }],
      finishText: (content) => {
        const citations = citationsFor(content, passages);
        return aiMessage({
          content,
          ...(citations.length > 0 ? { citations } : {}),
          ...(citations.length === 0 || weakMatch ? { unanswered: true } : {}),
          ...(sources.length > 0 ? { sources } : {}),
        });
      },
      signal,
    });
    const instructions = hasOwnInstructions(spark) ? spark.options.sysPrompt : '';
    for await (const event of guardInstructions(
      turn,
      instructions,
      passages.map((passage) => passage.text),
      language,
    )) {
      answered ||= event.type === 'message';
      yield event;
    }
    if (!answered) throw modelFailed();
  }

  /**
   * What a question is answered from: the passages retrieval ranks for it (in its other wordings
   * too) that fit the evidence budget (decision 0037), numbered for citation, and whether the
   * confidence in them is too low to frame an answer (decisions 0026, 0036). The evaluation's fit
   * of that confidence calls this too, so it is fitted on what answers see.
   */
  async evidence(
    tenantId: string,
    sparkId: string,
    question: string,
    options: { language: Language; previous: string | null; signal?: AbortSignal },
  ): Promise<{ retrieved: RetrievedChunk[]; wordings: string[]; documentsLanguage: Language | null; weakMatch: boolean }> {
    const documentsLanguage = await this.foreignDocumentsLanguage(tenantId, sparkId, options.language);
    const { hits, wordings } = await this.deps.retrieval.retrieveWithWordings(tenantId, sparkId, question, {
      limit: EVIDENCE_MAX_PASSAGES,
      questionLanguage: options.language,
      previous: options.previous,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const retrieved = evidenceWithinBudget(hits).map((hit, index) => ({ ...hit, marker: index + 1 }));
    // An unsure answer is hedged, not framed as the answer, and the question counts as a gap for the owner.
    const weakMatch = answerConfidence(confidenceFeatures(question, wordings, retrieved)) < CONFIDENCE_MODEL.floor;
    return { retrieved, wordings, documentsLanguage, weakMatch };
  }

  private async outlineEvidence(tenantId: string, sparkId: string, language: Language) {
    const documentsLanguage = await this.foreignDocumentsLanguage(tenantId, sparkId, language);
    return { retrieved: await this.deps.retrieval.outline(tenantId, sparkId), wordings: [] as string[], documentsLanguage };
  }

  /** The language of the Spark's documents when none is written in the question's: its words are not theirs. */
  private async foreignDocumentsLanguage(tenantId: string, sparkId: string, language: Language): Promise<Language | null> {
    const languages = await this.deps.retrieval.documentLanguages(tenantId, sparkId);
    return languages.length > 0 && !languages.includes(language) ? languages[0]! : null;
  }
}

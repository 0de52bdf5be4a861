import type { ChatMessage, Language, Spark, VisitorChannel } from '@sparks/contract';
import { answerIntent } from '../../llm/answer-intent.js';
import type { BuilderIntent } from '../../llm/builder-intent.js';
import { answerConfidence, confidenceFeatures, CONFIDENCE_MODEL } from '../../llm/answer-confidence.js';
import { EVIDENCE_MAX_PASSAGES, evidenceWithinBudget } from '../../llm/evidence-budget.js';
import { historyForModel } from '../../llm/history-for-model.js';
import { modelTurn } from '../../llm/model-turn.js';
import type { Passage } from '../../llm/prompt-format.js';
import { questionLanguage } from '../../llm/question-language.js';
import { responderOptions, type ResponderRequest } from '../../llm/responder-request.js';
import { aiMessage } from '../../lib/chat-messages.js';
import { modelFailed } from '../../lib/model-failure.js';
import type { ModelSettings } from '../../lib/model-settings.js';
import type { TurnEvent } from '../../lib/turn-event.js';
import { passageView, type RetrievalService, type RetrievedChunk } from '../documents/retrieval-service.js';
import type { ActionsService } from '../actions/actions-service.js';
import { ACTION_OFFER_TEXT } from './action-offer-text.js';
import { nextStep, stepMessage } from '../../lib/action-questions.js';
import type { PendingCards } from '../../llm/tool-chat-turn.js';
import { answerCitations } from './answer-citations.js';
import { answerSystemPrompt, hasOwnInstructions, knowledgeFor } from './answer-prompt.js';
import { HANDOFF_ANSWER } from './handoff-answer.js';
import { guardInstructions } from './instructions-guard.js';
import { previousQuestion } from './previous-question.js';

export interface AnswerPipelineDeps {
  retrieval: RetrievalService;
  settings: ModelSettings;
  /** The Spark's actions: offered offline where a question asks for one, a model's tools otherwise. */
  actions?: Pick<ActionsService, 'offerFor' | 'modelTools' | 'visitorRun'>;
}

/** One question to a Spark, with what it is answered in the light of. */
export interface Question {
  tenantId: string;
  spark: Spark;
  /** The conversation before the question. */
  history: readonly ChatMessage[];
  human: ChatMessage;
  /** The profile's or browser's language, for a question that does not say its own. */
  fallbackLanguage: Language;
  channel: VisitorChannel;
  /** Whose turn may run the Spark's actions (a visitor's or the owner's test); a saved test's replay runs none. */
  actionsRunAs?: 'visitor' | 'test' | 'replay';
  signal: AbortSignal;
}

/** What a question is answered from, as typed data: the passages, how they were found, and whether they are too weak to frame an answer. */
export interface Evidence {
  retrieved: RetrievedChunk[];
  wordings: string[];
  documentsLanguage: Language | null;
  weakMatch: boolean;
}

/**
 * The answer layer: the one way from a question to an answer, for every channel, the test chat and
 * saved tests (docs/architecture.md, "The answer pipeline"). The question's intent is read once;
 * its evidence is retrieved, budgeted and scored once; the offline responder receives that
 * evidence as data and a real model's prompt is rendered from the same evidence; the answer comes
 * back as a typed message with its citations, sources and whether it was left unanswered. Knows
 * nothing of conversations, metering or channels beyond the hand-off's wording.
 */
export class AnswerPipelineService {
  constructor(private readonly deps: AnswerPipelineDeps) {}

  async *answer({ tenantId, spark, history, human, fallbackLanguage, channel, actionsRunAs, signal }: Question): AsyncGenerator<TurnEvent> {
    const question = human.data.content ?? '';
    // Answered in the language it was asked in; the profile's or browser's language only when the question does not say.
    const language = questionLanguage(question, fallbackLanguage);
    const intent = answerIntent(question);
    // product.md §4: a test chat starts with 'inicio', which the Spark answers with its welcome message.
    if (intent === 'welcome') return yield* said(aiMessage({ content: spark.options.initialMessage }));
    // A request for a person is answered by offering one, not by searching the documents for it.
    if (intent === 'person') return yield* said(aiMessage({ content: HANDOFF_ANSWER[channel][language], asksForPerson: true }));
    const { retrieved, wordings, documentsLanguage, weakMatch } =
      intent === 'outline'
        ? await this.outline(tenantId, spark._id, language)
        : await this.evidence(tenantId, spark._id, question, { language, previous: previousQuestion(history), signal });
    // Offline, a request for what an action does is offered the action (decision 0042): as its form where one can
    // show, else one question per missing input, or at once when the question gave everything and nothing changes.
    const { offline } = this.deps.settings;
    if (offline && intent !== 'outline' && this.deps.actions) {
      const offer = await this.deps.actions.offerFor(tenantId, spark._id, question, wordings, weakMatch);
      if (offer && channel === 'widget')
        return yield* said(aiMessage({ content: ACTION_OFFER_TEXT[language](offer.name, offer.inputs.length > 0), action: offer }));
      const step = offer ? nextStep(offer, true) : null;
      if (step && step.kind !== 'run') return yield* said(stepMessage(step, language));
      if (step && actionsRunAs && actionsRunAs !== 'replay') {
        const { run } = await this.deps.actions.visitorRun(tenantId, spark._id, step.offer.actionId, step.offer.values, false, actionsRunAs);
        const { reply, ok } = await run();
        return yield* said(aiMessage({ content: reply, actionRan: ok ? 'ok' : 'failed' }));
      }
    }
    const passages = knowledgeFor(spark, retrieved);
    const sources = retrieved.map(passageView);
    const request: ResponderRequest = { kind: 'answer', passages, language, documentsLanguage, wordings, weakMatch, intent };
    // With a model, the actions are its tools, on every channel.
    const pending: PendingCards = new Map();
    // A turn that ran or offered an action answered what was asked, with or without a citation.
    let acted = false;
    const tools =
      !offline && actionsRunAs && this.deps.actions
        ? await this.deps.actions.modelTools({
            tenantId,
            sparkId: spark._id,
            source: actionsRunAs,
            visitorWords: [...history.filter((message) => message.type === 'human').map((message) => message.data.content ?? ''), question],
            language,
            forms: channel === 'widget',
            pending,
            onAction: () => {
              acted = true;
            },
          })
        : undefined;
    const turn = modelTurn({
      ...this.deps.settings,
      system: answerSystemPrompt(spark, request, tools !== undefined),
      ...(tools ? { tools, pending } : {}),
      providerOptions: responderOptions(request),
      messages: [...historyForModel(history), { role: 'user', content: question }],
      finishText: (content) => {
        const citations = answerCitations(content, passages);
        return aiMessage({
          content,
          ...(citations.length > 0 ? { citations } : {}),
          ...(!acted && (citations.length === 0 || weakMatch) ? { unanswered: true } : {}),
          ...(sources.length > 0 ? { sources } : {}),
        });
      },
      signal,
    });
    const instructions = hasOwnInstructions(spark) ? spark.options.sysPrompt : '';
    let answered = false;
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
  ): Promise<Evidence> {
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

  /** The builder assistant's passages for an owner's message, numbered for citation: for "summarise them", the same outline a visitor's question gets. */
  async builderPassages(tenantId: string, sparkId: string, message: string, intent: BuilderIntent): Promise<Passage[]> {
    const retrieval = this.deps.retrieval;
    return knowledgeFor(undefined, intent === 'outline' ? await retrieval.outline(tenantId, sparkId) : await retrieval.forBuilder(tenantId, sparkId, message));
  }

  /** "Summarise it" names no subject to search for: the documents' outline is its evidence. */
  private async outline(tenantId: string, sparkId: string, language: Language): Promise<Evidence> {
    const documentsLanguage = await this.foreignDocumentsLanguage(tenantId, sparkId, language);
    return { retrieved: await this.deps.retrieval.outline(tenantId, sparkId), wordings: [], documentsLanguage, weakMatch: false };
  }

  /** The language of the Spark's documents when none is written in the question's: its words are not theirs. */
  private async foreignDocumentsLanguage(tenantId: string, sparkId: string, language: Language): Promise<Language | null> {
    const languages = await this.deps.retrieval.documentLanguages(tenantId, sparkId);
    return languages.length > 0 && !languages.includes(language) ? languages[0]! : null;
  }
}

/** An answer said as it is, not composed from evidence: streamed whole, then kept. */
async function* said(message: ChatMessage): AsyncGenerator<TurnEvent> {
  yield { type: 'delta', text: message.data.content ?? '' };
  yield { type: 'message', message };
}

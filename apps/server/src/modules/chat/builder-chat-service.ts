import type { BuilderMessageBody, LoadDocMessageBody, Spark } from '@sparks/contract';
import { DOCUMENT_INTENTS, UPLOAD_BUTTON_LABELS } from '../../llm/document-intents.js';
import { builderTools } from './builder-tools.js';
import type { ChatDeps } from './chat-deps.js';
import type { WebsitesService } from '../websites/websites-service.js';
import type { Caller } from '../../auth/caller.js';
import { humanMessage } from '../../lib/chat-messages.js';
import type { ConversationService, PreparedTurn } from './conversation-service.js';
import { meteredTurn } from './metered-turn.js';
import { toolChatTurn } from '../../llm/tool-chat-turn.js';
import { builderIntent } from '../../llm/builder-intent.js';
import { builderSystemPrompt, sparkSettings } from './prompt-assembly.js';

/** The builder chat of a Spark: the owner talks, the assistant answers and changes the Spark through its tools. */
export class BuilderChatService {
  constructor(private readonly deps: ChatDeps & { websites: WebsitesService }) {}

  /**
   * product.md §7 load-doc-message: whether the owner's message asks to attach a document (the web
   * app then opens the file picker). The builder's own "Upload a document" button counts too.
   */
  async isDocumentLoadMessage(caller: Caller, body: LoadDocMessageBody): Promise<boolean> {
    await this.deps.sparks.get(caller.tenantId, body.sparkId);
    const content = body.message.content.trim();
    const buttonLabels = Object.values(UPLOAD_BUTTON_LABELS).map((label) => label.toLowerCase());
    return buttonLabels.includes(content.toLowerCase()) || DOCUMENT_INTENTS.upload.test(content);
  }

  /** One builder message: it counts as an interaction of the plan. */
  async prepare(caller: Caller, body: BuilderMessageBody): Promise<PreparedTurn> {
    // Whose Spark and conversation it is comes before the plan: a stranger learns "not found", never what their plan allows.
    const spark = await this.deps.sparks.get(caller.tenantId, body.sparkId);
    const opened = await this.deps.conversations.open(caller, { sparkId: spark._id, testId: null, kind: 'builder' }, body.conversationId);
    return meteredTurn(this.deps.plans, caller.tenantId, () => this.prepareTurn(caller, spark, opened, body));
  }

  private async prepareTurn(
    caller: Caller,
    spark: Spark,
    { conversation, history }: Awaited<ReturnType<ConversationService['open']>>,
    body: BuilderMessageBody,
  ): Promise<PreparedTurn> {
    const { sparks, conversations, settings } = this.deps;
    const language = await conversations.language(caller, body.language);
    const tests = (await sparks.listTests(caller.tenantId, spark._id)).length;
    const text = body.message.content;
    const intent = builderIntent(text);
    const documentPassages = await this.deps.pipeline.builderPassages(caller.tenantId, spark._id, text, intent);
    const events = toolChatTurn({
      settings,
      system: builderSystemPrompt(spark, tests, language, documentPassages),
      request: { kind: 'builder', passages: documentPassages, language, settings: sparkSettings(spark, tests), intent },
      history,
      text,
      tools: (pending) =>
        builderTools({
          tenantId: caller.tenantId,
          userId: caller.userId,
          sparkId: spark._id,
          language,
          sparks,
          objectives: this.deps.objectives,
          websites: this.deps.websites,
          actions: this.deps.actions,
          pending,
        }),
    });
    return conversations.persisting(conversation, humanMessage(text), events);
  }
}

import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { BuilderMessageBody, ChatMessage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { SparksService } from '../sparks/sparks-service.js';
import { builderTools } from './builder-tools.js';
import { ConversationService, aiMessage, humanMessage, type Caller, type PreparedTurn } from './conversation-service.js';
import { modelTurn } from './model-turn.js';
import { builderSystemPrompt, historyForModel } from './prompt-assembly.js';

export interface ModelSettings {
  model: LanguageModelV3;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/** The builder chat of a Spark: the owner talks, the assistant answers and changes the Spark through its tools. */
export class BuilderChatService {
  private readonly sparks: SparksService;
  private readonly conversations: ConversationService;

  constructor(
    db: Db,
    private readonly settings: ModelSettings,
  ) {
    this.sparks = new SparksService(db);
    this.conversations = new ConversationService(db);
  }

  async prepare(caller: Caller, body: BuilderMessageBody): Promise<PreparedTurn> {
    const spark = await this.sparks.get(caller.tenantId, body.sparkId);
    const { conversation, history } = await this.conversations.open(caller, { sparkId: spark._id, testId: null, kind: 'builder' }, body.conversationId);
    const language = await this.conversations.language(caller, body.language);
    const tests = (await this.sparks.listTests(caller.tenantId, spark._id)).length;
    const human = humanMessage(body.message.content);
    const pending = new Map<string, ChatMessage[]>();
    const tools = builderTools({ tenantId: caller.tenantId, sparkId: spark._id, language, sparks: this.sparks, pending });
    const { model, timeoutMs, idleTimeoutMs } = this.settings;
    return this.conversations.persisting(conversation, human, (signal) =>
      modelTurn({
        model,
        system: builderSystemPrompt(spark, tests, language),
        messages: [...historyForModel(history), { role: 'user', content: human.data.content ?? '' }],
        tools,
        pending,
        finishText: (content) => aiMessage({ content }),
        timeoutMs,
        idleTimeoutMs,
        signal,
      }),
    );
  }
}

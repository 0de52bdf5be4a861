import type { BuilderMessageBody, ChatMessage } from '@sparks/contract';
import { builderTools } from './builder-tools.js';
import type { ChatDeps } from './chat-deps.js';
import { aiMessage, humanMessage, type Caller, type PreparedTurn } from './conversation-service.js';
import { modelTurn } from './model-turn.js';
import { builderSystemPrompt, historyForModel } from './prompt-assembly.js';

/** The builder chat of a Spark: the owner talks, the assistant answers and changes the Spark through its tools. */
export class BuilderChatService {
  constructor(private readonly deps: ChatDeps) {}

  async prepare(caller: Caller, body: BuilderMessageBody): Promise<PreparedTurn> {
    const { sparks, conversations, settings } = this.deps;
    const spark = await sparks.get(caller.tenantId, body.sparkId);
    const { conversation, history } = await conversations.open(caller, { sparkId: spark._id, testId: null, kind: 'builder' }, body.conversationId);
    const language = await conversations.language(caller, body.language);
    const tests = (await sparks.listTests(caller.tenantId, spark._id)).length;
    const human = humanMessage(body.message.content);
    const pending = new Map<string, ChatMessage[]>();
    const tools = builderTools({ tenantId: caller.tenantId, sparkId: spark._id, language, sparks, pending });
    const { model, timeoutMs, idleTimeoutMs } = settings;
    return conversations.persisting(conversation, human, (signal) =>
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

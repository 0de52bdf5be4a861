import { ERROR_CODES, START_MESSAGES, roleAllows, type Language, type SystemChatQuery, type SystemHistory, type SystemTopic } from '@sparks/contract';
import type { AssistantState } from '../../llm/prompt-format.js';
import type { ProfileService } from '../accounts/profile-service.js';
import type { PlanService } from '../billing/plan-service.js';
import { toolChatTurn } from '../../llm/tool-chat-turn.js';
import type { Caller, CallerSession } from '../../auth/caller.js';
import { SYSTEM_TOPIC_ACCESS } from '../../auth/route-access.js';
import { AppError } from '../../lib/app-error.js';
import { humanMessage } from '../../lib/chat-messages.js';
import type { ConversationService, PreparedTurn } from '../chat/conversation-service.js';
import type { ObjectivesService } from '../objectives/objectives-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { assistantSystemPrompt } from './assistant-prompt.js';
import { assistantTools } from './assistant-tools.js';
import type { ModelSettings } from '../../lib/model-settings.js';

export interface SystemTurn extends PreparedTurn {
  /** The Spark the conversation is about, read once the turn has run (the turn may create it). */
  sparkId(): string | null;
}

export interface AssistantDeps {
  sparks: SparksService;
  profiles: ProfileService;
  objectives: ObjectivesService;
  conversations: ConversationService;
  plans: PlanService;
}

/** The built-in system assistant of the menu topics (product.md §7 /spark-sys). */
export class AssistantService {
  private readonly sparks: SparksService;
  private readonly profiles: ProfileService;
  private readonly objectives: ObjectivesService;
  private readonly conversations: ConversationService;
  private readonly plans: PlanService;

  constructor(
    deps: AssistantDeps,
    private readonly settings: ModelSettings,
  ) {
    this.sparks = deps.sparks;
    this.profiles = deps.profiles;
    this.objectives = deps.objectives;
    this.conversations = deps.conversations;
    this.plans = deps.plans;
  }

  /** `productUrl` is where the owner is using the product: the embed code card names it (lib/public-url-for.ts). */
  async prepare(caller: CallerSession, topic: SystemTopic, query: SystemChatQuery, productUrl: string): Promise<SystemTurn> {
    const needed = SYSTEM_TOPIC_ACCESS[topic];
    if (needed !== 'signed-in' && !roleAllows(caller.role, needed))
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Your role in this account does not allow this.');
    // A Spark named by the client must be the caller's own; the conversation keeps the one it has.
    if (query.sparkId && !query.sessionId) await this.sparks.get(caller.tenantId, query.sparkId);
    const { conversation, history } = await this.conversations.openSystem(caller, topic, query.sessionId, query.sparkId ?? null);
    const user = await this.profiles.get(caller.userId, caller.tenantId);
    const language: Language = query.language ?? user.config.language;
    const state = await this.state(caller, topic, conversation.sparkId, user);
    const text = query.text || START_MESSAGES[language];
    const events = toolChatTurn({
      settings: this.settings,
      system: assistantSystemPrompt(state, language),
      request: { kind: 'assistant', language, state },
      history,
      text,
      tools: (pending) =>
        assistantTools({
          topic,
          tenantId: caller.tenantId,
          userId: caller.userId,
          language,
          conversation,
          productUrl,
          sparks: this.sparks,
          profiles: this.profiles,
          objectives: this.objectives,
          plans: this.plans,
          pending,
        }),
    });
    const turn = this.conversations.persisting(conversation, humanMessage(text), events);
    return { ...turn, sparkId: () => conversation.sparkId };
  }

  async history(caller: Caller, sessionId: string): Promise<SystemHistory> {
    const conversation = await this.conversations.systemHistory(caller, sessionId);
    return { ...conversation, topic: conversation.topic as SystemTopic };
  }

  private async state(caller: Caller, topic: SystemTopic, sparkId: string | null, user: Awaited<ReturnType<ProfileService['get']>>): Promise<AssistantState> {
    const spark = sparkId ? await this.sparks.get(caller.tenantId, sparkId).catch(() => null) : null;
    const sparks = topic === 'deploy' ? await this.sparks.list(caller.tenantId) : [];
    return {
      topic,
      spark: spark && {
        sparkId: spark._id,
        name: spark.name,
        instructions: spark.options.sysPrompt,
        initialMessage: spark.options.initialMessage,
        tests: 0,
        palette: spark.options.theme?.palette.name ?? null,
        icon: spark.options.theme?.icon.name ?? null,
      },
      profile: { firstname: user.firstname, lastname: user.lastname, phone: user.phone, language: user.config.language, email: user.email },
      sparks: sparks.map((item) => ({ sparkId: item._id, name: item.name })),
    };
  }
}

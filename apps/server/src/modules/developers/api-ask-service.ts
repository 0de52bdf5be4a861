import { createHmac, randomUUID } from 'node:crypto';
import { ERROR_CODES, type AskBody, type Language } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';
import type { ConversationService, PreparedTurn } from '../chat/conversation-service.js';

export interface ApiAskDeps {
  channels: ChannelTurnsService;
  conversations: ConversationService;
  appSecret: string;
}

/**
 * The API as a channel (docs/decisions/0043): a developer's question goes through the channel
 * layer like a widget visitor's, so the daily caps, the plan's interactions, a person's takeover,
 * the knowledge-gap inbox and the language rule are the same. Who asks is a keyed hash: of the
 * developer's end-user id (one person, one conversation), of a conversation the API started
 * (to continue it), or of a new random id (a new conversation).
 */
export class ApiAskService {
  constructor(private readonly deps: ApiAskDeps) {}

  async ask(tenantId: string, sparkId: string, body: AskBody, fallback: Language): Promise<PreparedTurn> {
    const spark = await this.deps.channels.sparkOf(tenantId, sparkId);
    const hash = await this.askerOf(tenantId, sparkId, body);
    return this.deps.channels.ask(spark, { hash, channel: 'api' }, body.message, body.language ?? fallback);
  }

  private async askerOf(tenantId: string, sparkId: string, body: AskBody): Promise<string> {
    const user = body.endUserId === undefined ? undefined : this.hash(sparkId, `user:${body.endUserId}`);
    if (!body.conversationId) return user ?? this.hash(sparkId, `new:${randomUUID()}`);
    const hash = await this.deps.conversations.visitorOf(tenantId, sparkId, body.conversationId, 'api');
    // A conversation named with an end user must be that end user's: one user cannot read on in another's.
    if (!hash || (user !== undefined && user !== hash))
      throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Conversation not found: continue one that this Spark answered through the API.');
    return hash;
  }

  private hash(sparkId: string, who: string): string {
    return createHmac('sha256', this.deps.appSecret).update(`api:${sparkId}:${who}`).digest('hex');
  }
}

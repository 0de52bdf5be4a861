import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Db } from '../../db/database.js';
import { SparksService } from '../sparks/sparks-service.js';
import { ConversationService } from './conversation-service.js';

export interface ModelSettings {
  model: LanguageModelV3;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/** What every chat service works with, made once per app. */
export interface ChatDeps {
  sparks: SparksService;
  conversations: ConversationService;
  settings: ModelSettings;
}

export function chatDeps(db: Db, settings: ModelSettings): ChatDeps {
  return { sparks: new SparksService(db), conversations: new ConversationService(db), settings };
}

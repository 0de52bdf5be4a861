import type { ModelSettings } from '../../llm/model-turn.js';
import type { Db } from '../../db/database.js';
import { RetrievalService } from '../documents/retrieval-service.js';
import { PlanService } from '../billing/plan-service.js';
import { ObjectivesService } from '../objectives/objectives-service.js';
import { SparksService } from '../sparks/sparks-service.js';
import { ConversationService } from './conversation-service.js';

/** What every chat service works with, made once per app. */
export interface ChatDeps {
  sparks: SparksService;
  conversations: ConversationService;
  retrieval: RetrievalService;
  plans: PlanService;
  objectives: ObjectivesService;
  settings: ModelSettings;
}

export function chatDeps(db: Db, settings: ModelSettings, retrieval: RetrievalService = new RetrievalService(db)): ChatDeps {
  return {
    sparks: new SparksService(db),
    conversations: new ConversationService(db),
    retrieval,
    settings,
    plans: new PlanService(db),
    objectives: new ObjectivesService(db),
  };
}

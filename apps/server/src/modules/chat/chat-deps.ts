import type { ModelSettings } from '../../lib/model-settings.js';
import type { PlanService } from '../billing/plan-service.js';
import type { ObjectivesService } from '../objectives/objectives-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import type { ConversationService } from './conversation-service.js';
import type { AnswerPipelineService } from '../answers/answer-pipeline-service.js';
import type { ActionsService } from '../actions/actions-service.js';

/** What every chat service works with: the app's one instance of each, from the services plugin. */
export interface ChatDeps {
  sparks: SparksService;
  conversations: ConversationService;
  /** The way from a question to an answer (the answers module). */
  pipeline: AnswerPipelineService;
  plans: PlanService;
  objectives: ObjectivesService;
  settings: ModelSettings;
  /** An action offered in a test chat runs as a visitor's would. */
  actions: Pick<ActionsService, 'visitorRun' | 'create'>;
}

import type { FastifyInstance } from 'fastify';
import type { ModelSettings } from '../llm/model-turn.js';

/** The configured language model and its time limits, as every chat runs its turns with them. */
export function modelSettings(app: FastifyInstance): ModelSettings {
  return { model: app.languageModel, timeoutMs: app.config.llm.timeoutMs, idleTimeoutMs: app.config.llm.idleTimeoutMs };
}

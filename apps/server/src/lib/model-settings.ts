import type { FastifyInstance } from 'fastify';
import type { LanguageModelV3 } from '@ai-sdk/provider';

/** The model every turn uses, and how long it may take. */
export interface ModelSettings {
  model: LanguageModelV3;
  timeoutMs: number;
  idleTimeoutMs: number;
  /** The offline responder answers: no model reads tools' descriptions or asks in conversation. */
  offline: boolean;
}

/** The configured language model and its time limits, as every chat runs its turns with them. */
export function modelSettings(app: FastifyInstance): ModelSettings {
  return {
    model: app.languageModel,
    timeoutMs: app.config.llm.timeoutMs,
    idleTimeoutMs: app.config.llm.idleTimeoutMs,
    offline: app.config.llm.provider === 'offline',
  };
}

import type { LanguageModelV3 } from '@ai-sdk/provider';
import fp from 'fastify-plugin';
import { createLanguageModel } from '../llm/create-language-model.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured model behind every chat; the offline responder when none is configured. */
    languageModel: LanguageModelV3;
  }
}

export const llmPlugin = fp(
  async (app) => {
    app.decorate('languageModel', createLanguageModel(app.config.llm));
  },
  { name: 'llm', dependencies: ['config'] },
);

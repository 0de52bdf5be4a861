import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import fp from 'fastify-plugin';
import { createEmbeddingModel } from '../llm/create-embedding-model.js';
import { createLanguageModel } from '../llm/create-language-model.js';
import { ApertiumTranslator, type Translator } from '../llm/apertium-translator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured model behind every chat; the offline responder when none is configured. */
    languageModel: LanguageModelV3;
    /** The embedding model of hybrid search; undefined when none is configured or the database has no pgvector. */
    embeddingModel: EmbeddingModelV3 | undefined;
    /** The offline translator of questions for the search (Apertium), when installed and not turned off. */
    offlineTranslator: Translator | null;
  }
}

export const llmPlugin = fp(
  async (app) => {
    app.decorate('languageModel', createLanguageModel(app.config.llm));
    const embeddingModel = createEmbeddingModel(app.config.embeddings);
    if (embeddingModel && !app.database.vectors) app.log.warn('EMBEDDING_MODEL is set but the database has no pgvector: search stays full-text only');
    app.decorate('embeddingModel', app.database.vectors ? embeddingModel : undefined);
    app.decorate('offlineTranslator', app.config.translator === 'off' ? null : await ApertiumTranslator.detect());
  },
  { name: 'llm', dependencies: ['config', 'database'] },
);

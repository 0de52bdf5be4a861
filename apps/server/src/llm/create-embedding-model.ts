import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { Config } from '../config/config.js';

/** The embedding model of hybrid search, when one is configured (README: EMBEDDING_*). */
export function createEmbeddingModel(embeddings: Config['embeddings']): EmbeddingModelV3 | undefined {
  if (!embeddings) return undefined;
  return createOpenAICompatible({
    name: 'embeddings',
    baseURL: embeddings.baseUrl,
    ...(embeddings.apiKey ? { apiKey: embeddings.apiKey } : {}),
  }).embeddingModel(embeddings.model);
}

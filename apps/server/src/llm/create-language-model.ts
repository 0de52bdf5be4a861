import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Config } from '../config/config.js';
import { OfflineLanguageModel } from './offline/offline-language-model.js';

const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';

/** The one language model every chat uses, chosen by configuration (README: LLM_*). */
export function createLanguageModel(llm: Config['llm']): LanguageModelV3 {
  switch (llm.provider) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: llm.baseUrl ?? '',
        ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
        includeUsage: true,
      })(llm.model ?? 'default');
    case 'anthropic':
      return createAnthropic({ ...(llm.apiKey ? { apiKey: llm.apiKey } : {}), ...(llm.baseUrl ? { baseURL: llm.baseUrl } : {}) })(
        llm.model ?? DEFAULT_ANTHROPIC_MODEL,
      );
    default:
      return new OfflineLanguageModel();
  }
}

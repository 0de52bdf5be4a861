import { detectAll } from 'tinyld';
import type { Language } from '@sparks/contract';

const SAMPLE_CHARS = 20_000;

/**
 * English or Spanish, the product's two languages, from a sample of the text. Full-text search
 * stems each document with its own language's rules.
 */
export function detectLanguage(text: string): Language {
  const sample = text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS / 2)} ${text.slice(-SAMPLE_CHARS / 2)}` : text;
  const [best] = detectAll(sample, { only: ['en', 'es'] });
  return best?.lang === 'es' ? 'es' : 'en';
}

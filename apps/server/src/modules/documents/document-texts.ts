import type { Language } from '@sparks/contract';
import { catalogue } from '../../llm/offline/assistant-catalogue.js';

/** What the builder assistant says when a document arrives, and the next steps it offers (sent back as messages when chosen). */
function documentTexts(language: Language) {
  const t = catalogue(language);
  return { received: (name: string) => t('documents.received', { name }), options: t('documents.options', { returnObjects: true }) as string[] };
}

export const DOCUMENT_TEXTS: Record<Language, ReturnType<typeof documentTexts>> = { en: documentTexts('en'), es: documentTexts('es') };

/** Markdown would let a file name format (or link) the message; its punctuation is escaped. */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (char) => `\\${char}`);

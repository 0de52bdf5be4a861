import type { Language } from '@sparks/contract';

/** What the builder assistant says when a document arrives, and the next steps it offers (sent back as messages when chosen). */
export const DOCUMENT_TEXTS: Record<Language, { received: (name: string) => string; options: string[] }> = {
  en: {
    received: (name) => `I received **${name}**. I'm reading it now; your Spark answers from it as soon as it is ready. What would you like to do with it?`,
    options: ['Summarize the document', 'Suggest questions', 'Update my Spark with it'],
  },
  es: {
    received: (name) => `He recibido **${name}**. Lo estoy leyendo; tu Spark responderá con él en cuanto esté listo. ¿Qué quieres hacer con él?`,
    options: ['Resumir el documento', 'Sugerir preguntas', 'Actualizar mi Spark con él'],
  },
};

/** Markdown would let a file name format (or link) the message; its punctuation is escaped. */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (char) => `\\${char}`);

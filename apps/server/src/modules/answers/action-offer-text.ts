import type { Language } from '@sparks/contract';

/** What the Spark says above an action's form, in the visitor's language; the action's name is the owner's own. */
export const ACTION_OFFER_TEXT: Record<Language, (name: string, asks: boolean) => string> = {
  en: (name, asks) => `I can help with that: ${name}.${asks ? ' Fill in the details below.' : ''}`,
  es: (name, asks) => `Puedo ayudarte con eso: ${name}.${asks ? ' Rellena los datos de abajo.' : ''}`,
};

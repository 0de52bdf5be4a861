import type { Language } from '@sparks/contract';

/** What the Spark says above an action's form, in the visitor's language; the action's name is the owner's own. */
export const ACTION_OFFER_TEXT: Record<Language, (name: string, asks: boolean) => string> = {
  en: (name, asks) => `I can help with that: ${name}.${asks ? ' Fill in the details below.' : ''}`,
  es: (name, asks) => `Puedo ayudarte con eso: ${name}.${asks ? ' Rellena los datos de abajo.' : ''}`,
};

/** Above the form a model's call filled in, for an action that changes something: the visitor checks and confirms it. */
export const ACTION_CONFIRM_TEXT: Record<Language, (name: string) => string> = {
  en: (name) => `Please check the details and confirm: ${name}.`,
  es: (name) => `Revisa los datos y confirma: ${name}.`,
};

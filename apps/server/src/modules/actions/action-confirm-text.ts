import type { Language } from '@sparks/contract';

/** Above the form a model's call filled in, for an action that changes something: the visitor checks and confirms it. */
export const ACTION_CONFIRM_TEXT: Record<Language, (name: string) => string> = {
  en: (name) => `Please check the details and confirm: ${name}.`,
  es: (name) => `Revisa los datos y confirma: ${name}.`,
};

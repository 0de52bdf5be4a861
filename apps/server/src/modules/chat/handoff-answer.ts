import type { Language } from '@sparks/contract';

/**
 * What the Spark says when a visitor asks for a person: that a person will answer, and how. Said
 * at once, in the visitor's language, instead of searching the documents for "a person" and
 * answering that it knows nothing about it.
 */
export const HANDOFF_ANSWER: Record<Language, string> = {
  en: 'Of course. Leave your e-mail address below and someone from the team will answer you.',
  es: 'Claro. Deja tu correo electrónico abajo y alguien del equipo te responderá.',
};

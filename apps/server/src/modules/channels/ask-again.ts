import type { Language } from '@sparks/contract';

/**
 * What the Spark says on hand-back when the question a person left unanswered cannot be answered
 * now: the month's interactions or the day's caps are used up, the account is paused, or the
 * model failed every try. The visitor knows their question was not lost and may ask it again.
 */
export const ASK_AGAIN: Record<Language, string> = {
  en: 'Sorry, I cannot answer your last question right now. Please ask it again a little later.',
  es: 'Lo siento, ahora mismo no puedo responder a tu última pregunta. Vuelve a hacerla un poco más tarde.',
};

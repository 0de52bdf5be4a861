import type { Language } from '@sparks/contract';
import { detectAll } from 'tinyld';

/** Words that give a short question away: function words and question words of each language. */
const MARKERS: Record<Language, Set<string>> = {
  en: new Set(
    'what which who whom whose when where why how is are was were do does did can could should would will the a an of to in on for with my your our i you it this that these those there and or not'.split(
      ' ',
    ),
  ),
  es: new Set(
    'qué que cuál cual cuáles quién quien cuándo cuando dónde donde por cómo como es son está están era hay puedo puede pueden debo tengo el la los las un una unos unas de del al en con para mi mis tu su sus y o no se lo le esto este esta estos estas eso ese esa'.split(
      ' ',
    ),
  ),
};

/**
 * The language a question is written in, so the answer comes back in it whatever the profile or
 * the visitor's browser says. Short questions ("What is R?", "¿Qué es LTSP?") are too short for a
 * statistical detector, so their function words decide first; `fallback` (the profile's or
 * browser's language) decides when nothing does.
 */
export function questionLanguage(question: string, fallback: Language): Language {
  if (/[¿¡ñ]/i.test(question)) return 'es';
  const words = question
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const count = (language: Language) => words.filter((word) => MARKERS[language].has(word)).length;
  const [en, es] = [count('en'), count('es')];
  if (en !== es && Math.max(en, es) >= 1 && words.length <= 6) return en > es ? 'en' : 'es';
  if (question.trim().length >= 20) {
    const [best] = detectAll(question, { only: ['en', 'es'] });
    if (best && best.accuracy >= 0.5) return best.lang === 'es' ? 'es' : 'en';
  }
  if (en !== es) return en > es ? 'en' : 'es';
  return fallback;
}

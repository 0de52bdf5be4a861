import { withoutFigureWord } from './figure-question.js';
import { foldAccents } from './fold-text.js';

const STOPWORDS = new Set(
  (
    'a an and are as at be by can could do does for from has have how i if in into is it its me my of on or our please ' +
    'so that the their them there these they this to us was we what when where which who why will with would you your ' +
    'al como con cual cuando cuanto cuanta cuantos cuantas de del donde el ella en es esta este esto hay la las le lo los me mi mis no o para pero por ' +
    'que se si sin sobre su sus te tu tus un una unas uno unos y ya yo'
  ).split(' '),
);

/** A one-letter word counts when it is a capital: a name ("R", "C"), not an article. */
const meaningful = (word: string): boolean => word.length > 1 || /^[A-Z]$/.test(word);

/**
 * The words of a text that carry its meaning, folded (case, accents) and lightly stemmed so
 * "Returns" meets "return" and "devolución" meets "devoluciones"; English and Spanish function
 * words are left out. Shared by the offline responder's ranking and retrieval's heading match.
 */
export function contentWords(text: string): string[] {
  return foldAccents(withoutFigureWord(text))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(meaningful)
    .map((word) => word.toLowerCase())
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);
}

/**
 * Folds a plural onto its singular in both languages by dropping a final "s" (not "ss"), then a
 * final "e": "values" and "value" both become "valu", "ciudades" and "ciudad" "ciudad",
 * "classes" and "class" "class". Dropping "es" at once left "values" and "value" apart. English
 * plurals in "-ies" meet their singular through the "y" read as "i", and a Spanish masculine its
 * feminine by dropping the final "o" or "a" of a longer word.
 */
function stem(word: string): string {
  let folded = word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  if (folded.length > 3 && folded.endsWith('e')) folded = folded.slice(0, -1);
  // Spanish gender: "completo" and "completa" (and English "complete") all become "complet".
  if (folded.length > 4 && /[ao]$/.test(folded)) folded = folded.slice(0, -1);
  // "battery" and "batteries" (now "batteri") meet: a final "y" after a consonant reads as "i".
  if (folded.length > 3 && /[^aeiouy]y$/.test(folded)) folded = `${folded.slice(0, -1)}i`;
  return folded;
}

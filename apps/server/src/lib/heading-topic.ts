import { contentWords } from './content-words.js';
import { foldText } from './fold-text.js';

/**
 * What a proposed question may ask about: the title a heading gives, or a term a passage
 * defines. Shared by the questions the deploy panel proposes to visitors and those the builder
 * suggests to the owner, so neither asks "What should I know about others?" or about half a
 * sentence.
 */

/** Numbering before a title ("2.1 ", "III. ", "Chapter 4: "), which a visitor would not type. */
const NUMBERING = /^(?:(?:chapter|cap[ií]tulo|section|secci[oó]n|part|parte)\s+(?:\d+|[ivxlc]+)[.):]?|\d+(?:\.\d+)*[.):]?|[ivxlc]+[.):])\s+(?:[-–—:]\s*)?/i;

/**
 * Headings that name a part of any document rather than what it is about: a visitor learns
 * nothing by asking about them. Compared without accents and in lower case.
 */
const GENERIC = new Set([
  'about',
  'abstract',
  'acknowledgements',
  'acknowledgments',
  'appendix',
  'background',
  'bibliography',
  'conclusion',
  'conclusions',
  'contents',
  'faq',
  'faqs',
  'foreword',
  'frequently asked questions',
  'general',
  'index',
  'intro',
  'introduction',
  'notes',
  'other',
  'overview',
  'preface',
  'references',
  'summary',
  'table of contents',
  'untitled',
  'agradecimientos',
  'anexo',
  'apendice',
  'bibliografia',
  'conclusiones',
  'contenido',
  'contenidos',
  'generalidades',
  'indice',
  'indice general',
  'introduccion',
  'notas',
  'otros',
  'presentacion',
  'prefacio',
  'preguntas frecuentes',
  'prologo',
  'referencias',
  'resumen',
  'tabla de contenidos',
]);

/**
 * Words that name nothing by themselves in English and Spanish: pronouns, demonstratives,
 * quantifiers and placeholders. A title made only of these and function words ("Others",
 * "This", "Todo lo demás") gives a question nothing to ask about.
 */
const VAGUE = contentWords(
  'it its itself this that these those they them their theirs he she him her his we us our you your one ones other others another ' +
    'all both each either neither some any many much more most few several such same else rest everything everyone everybody ' +
    'something someone somebody anything anyone nothing none nobody thing things stuff etc misc miscellaneous various above below ' +
    'following here there also further ' +
    'esto eso aquello este esta estos estas ese esa esos esas aquel aquella ello ella ellas ellos otro otra otros otras todo toda ' +
    'todos todas algo alguien alguno alguna algunos algunas nada nadie ninguno ninguna cosa cosas varios varias demas resto mas menos ' +
    'mismo misma mismos mismas tal tales aqui alli siguiente siguientes anterior anteriores diversos diversas',
);
const VAGUE_WORDS = new Set(VAGUE);

/** Words a title never ends with, and the joining words it never opens with: either way it is a piece of a sentence. */
const DANGLING_END = new Set(
  (
    'a an the and or but nor of to for with by from in into on onto at as than that which who whose whom is are was were be ' +
    'el la los las un una unos unas y e o u ni de del al en con por para sin que cuyo cuya es son era fue'
  ).split(' '),
);
const JOINING_START = new Set('and or but nor than which whose whom because y e o u ni pero sino cuyo cuya cuyos cuyas porque'.split(' '));

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

const count = (text: string, character: string) => text.split(character).length - 1;

/** A title's words as written, without the punctuation around them. */
const wordsOf = (title: string): string[] =>
  title
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/** A piece of a sentence rather than a title: it opens with a joining word, ends on a function word, runs past a full stop or leaves a bracket open. */
function isFragment(title: string): boolean {
  const words = wordsOf(title);
  const first = foldText(words[0] ?? '');
  const last = words.at(-1) ?? '';
  // A capital alone at the end is a name ("Plan A", "Vitamina E"), not a dangling article; a
  // question may end on a preposition ("What is it used for?").
  const dangling = DANGLING_END.has(foldText(last)) && !/^\p{Lu}$/u.test(last) && !title.endsWith('?');
  if (JOINING_START.has(first) || dangling) return true;
  if (/[.!?]\s+\S/u.test(title)) return true;
  return (
    count(title, '(') !== count(title, ')') || count(title, '[') !== count(title, ']') || count(title, '«') !== count(title, '»') || count(title, '"') % 2 === 1
  );
}

/** Whether a title names something: a word of its own beyond function words and words that stand for others. */
const namesSomething = (title: string): boolean => contentWords(title).some((word) => !VAGUE_WORDS.has(word));

/** The title a heading gives, without numbering, trailing colons or spacing debris; null when it names nothing a question could ask about. */
export function headingTopic(heading: string): string | null {
  const title = heading
    .replace(/\s+/g, ' ')
    .trim()
    .replace(NUMBERING, '')
    .replace(/[\s:;,.–—-]+$/, '');
  if (letters(title) < 4 || title.split(' ').length > 12) return null;
  const folded = foldText(title);
  if (GENERIC.has(folded) || /^(?:page|pagina|chapter|capitulo|section|seccion|part|parte|table|tabla|figure|figura)(?: [\divxlc]+)*$/.test(folded))
    return null;
  if (!namesSomething(title) || isFragment(title)) return null;
  return title;
}

/**
 * A heading in sentence case ("Shipping times") reads better lowered inside a question; Title Case,
 * names and acronyms are left alone, and a heading set in capitals is lowered whole.
 */
export function topicInSentence(title: string): string {
  if (letters(title) > 5 && title === title.toUpperCase()) return title.toLowerCase();
  const [first = '', ...rest] = title.split(' ');
  const sentenceCase = /^\p{Lu}\p{Ll}+$/u.test(first) && rest.every((word) => !/^\p{Lu}/u.test(word));
  return sentenceCase ? `${first.charAt(0).toLowerCase()}${first.slice(1)}${rest.length ? ` ${rest.join(' ')}` : ''}` : title;
}

/** What a passage without a heading defines, when it opens by saying what something is: "A frame warranty is…" → "frame warranty". */
export function definedTerm(text: string): string | null {
  const match =
    /^(?:(?:the|a|an|el|la|los|las|un|una)\s+)?([\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'’-]*){0,3})\s+(?:is|are|means|es|son|significa)\s/iu.exec(
      text.trim(),
    );
  const term = match?.[1];
  // "These packages are…", "Everything is…": a term that opens by pointing elsewhere names nothing.
  if (!term || !namesSomething(wordsOf(term)[0] ?? '')) return null;
  return headingTopic(term);
}

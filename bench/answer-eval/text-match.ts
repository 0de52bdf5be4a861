import { OFFLINE_TEXTS } from '../../apps/server/src/llm/offline/offline-texts.js';
import type { Language } from './corpus.js';

/**
 * Text compared the way a reader compares it: ligatures and other compatibility characters
 * unfolded (a PDF's "ﬁ" is the "fi" a user types), case and runs of whitespace ignored.
 */
export const normalise = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** An answer as prose: citation markers and Markdown emphasis are not part of what it says. */
const prose = (answer: string): string => answer.replace(/\[\d+\]/g, ' ').replace(/\*\*|__/g, '');

export const containsFact = (text: string, facts: readonly string[]): boolean => {
  const haystack = normalise(prose(text));
  return facts.some((fact) => haystack.includes(normalise(fact)));
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A summary mentions at least half of the topics a reader expects from the document. A topic
 * counts where a word starts with it ("bug" in "bugs", never in "debugging").
 */
export function summaryCovers(answer: string, topics: readonly string[]): { covered: number; pass: boolean } {
  const haystack = normalise(prose(answer));
  const covered = topics.filter((topic) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(normalise(topic))}`, 'u').test(haystack)).length;
  return { covered, pass: covered * 2 >= topics.length };
}

/** Page numbers of an index entry ("scan … 3, 11, 27"): three or more small numbers, each larger than the last. */
function hasPageNumberRun(text: string): boolean {
  for (const match of text.matchAll(/\b\d{1,3}(?:, \d{1,3}){2,}\b/g)) {
    const numbers = match[0].split(', ').map(Number);
    if (numbers.every((value, index) => index === 0 || value > numbers[index - 1]!)) return true;
  }
  return false;
}

/**
 * What a table of contents, an index or a page's furniture leaves in a passage when it is indexed
 * as if it were text; none of it answers anybody. Each kind is named so a report says what to fix.
 */
const DEBRIS: ReadonlyArray<{ kind: string; test: (text: string) => boolean }> = [
  // "How do I convert factors to numeric? . . . . 34": a contents or index line's leader.
  { kind: 'dotted leader', test: (text) => /(?:\.\s?){4,}/.test(text) },
  // The same lines once a sentence splitter has eaten the dots: "Gestión de las copias de seguridad ." or "fetch . 20".
  {
    kind: 'collapsed leader',
    test: (text) =>
      /(?:^|[:\]]\s+|\.\s+)(?:\d+(?:\.\d+)*\.?\s*)?\p{Lu}[^.!?\n]{0,80}?[\p{L})] \.(?=\s|$)/u.test(text) ||
      /[\p{L})] \. \d{1,3}(?:, \d{1,3})*(?=\s|$)/u.test(text),
  },
  { kind: 'index page numbers', test: hasPageNumberRun },
  // "… work? 36 7.28 Why is read.table() so inefficient?", "Iniciando 53 7.1. Pasos mínimos": a page number, then the next numbered heading.
  // Two words after the number, so a table row ("58 21.2 Alaska 10.0") is not taken for one.
  { kind: 'contents entry', test: (text) => /(?:^|[\s?.:])\d{1,3} \d+(?:\.\d+)+\.? ?\p{L}+\p{Ll} \p{L}/u.test(text) },
  // "Guía de referencia de Debian 6 / 244", "Chapter 7: R Miscellanea 30": running headers and footers.
  { kind: 'page header or footer', test: (text) => /\b\d{1,4} \/ \d{1,4}\b/.test(text) || /\bChapter \d+: [^.\n]{1,60}? \d{1,3}\b/.test(text) },
  { kind: 'ligature', test: (text) => /[\uFB00-\uFB06]/.test(text) },
  { kind: 'broken copyright sign', test: (text) => /\bc\s?©/.test(text) },
  { kind: 'copyright line', test: (text) => /copyright\s*(?:©|\(c\)|c\s?©)\s*\d{4}/i.test(text) },
];

export const debrisIn = (answer: string): string[] => DEBRIS.filter((entry) => entry.test(prose(answer))).map((entry) => entry.kind);

/**
 * The responder's own framing ("This is what I found:", "I don't have information…") in each
 * language. A Spanish question answered with English framing is in the wrong language, whatever
 * language the quoted document is in.
 */
const framing = (language: Language): string[] => [OFFLINE_TEXTS[language].foundIntro, OFFLINE_TEXTS[language].noKnowledge].map(normalise);

export function languageRight(answer: string, language: Language): boolean {
  const text = normalise(answer);
  const other: Language = language === 'en' ? 'es' : 'en';
  return !framing(other).some((phrase) => text.includes(phrase));
}

/**
 * How an answer says it has nothing, or nothing direct, on the question, in either language:
 * "I don't have information…", "I found nothing…", and the hedge "the documents do not seem to
 * answer this directly; these passages may help". Patterns rather than one sentence, so a
 * reworded hedge still counts as one and is never taken for a confident answer.
 */
const NO_ANSWER: readonly RegExp[] = [
  /\b(?:i )?(?:don['’]t|do not) have (?:any )?(?:information|an answer)\b/,
  /\bi (?:found|find) nothing\b/,
  /\b(?:couldn['’]t|could not|can['’]t|cannot|didn['’]t|did not) find (?:a |an |any )?(?:direct |clear |exact )?answer\b/,
  /\bno (?:direct|clear|exact) answer\b/,
  /\b(?:the |your |my )?documents? (?:do(?:es)?n['’]t|do(?:es)? not) (?:seem to |appear to )?(?:answer|cover|say|mention|address)\b/,
  /\bnot (?:answered|covered) (?:directly )?(?:in|by) the documents?\b/,
  /\bthese (?:passages|sections|excerpts|parts|pages|documents) (?:may|might|could) help\b/,
  /\bno tengo (?:información|una respuesta|respuesta)\b/,
  /\bno (?:he encontrado|encuentro|encontré) (?:nada|una respuesta|ninguna respuesta|respuesta)\b/,
  /\bno hay (?:una )?respuesta (?:directa|clara|exacta)\b/,
  /\blos documentos no (?:parecen |parece )?(?:responder|responden|contestar|contestan|tratar|tratan|decir|dicen|mencionar|mencionan)\b/,
  /\bno (?:responden|responde|contestan|contesta) (?:a esto |a eso )?directamente\b/,
  /\b(?:estos|estas) (?:fragmentos|apartados|pasajes|secciones|partes|páginas|documentos) (?:pueden|podrían) (?:ayudar|servir)/,
];

/** The responder's own sentences for "nothing found", in both languages, as the product words them. */
const NO_KNOWLEDGE_TEXTS: readonly string[] = (['en', 'es'] as const).flatMap((language) => [
  normalise(OFFLINE_TEXTS[language].noKnowledge),
  ...(['en', 'es'] as const).map((documents) => normalise(OFFLINE_TEXTS[language].noKnowledgeOtherLanguage(documents))),
]);

/** Whether the answer says it has no answer, or no direct one, rather than presenting one. */
export function saysNoKnowledge(answer: string): boolean {
  const text = normalise(prose(answer));
  return NO_KNOWLEDGE_TEXTS.some((sentence) => text.includes(sentence)) || NO_ANSWER.some((pattern) => pattern.test(text));
}

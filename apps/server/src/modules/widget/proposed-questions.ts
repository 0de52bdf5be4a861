import { SUGGESTED_QUESTION_CHARS, type Language } from '@sparks/contract';

/** How many questions the deploy panel proposes to pick from. */
export const PROPOSED_QUESTIONS_MAX = 6;

/** One heading of a Spark's ready documents, with how much of them it names and where it first appears. */
export interface HeadingCandidate {
  heading: string;
  language: Language | null;
  /** Chunks under the heading, across the documents. */
  chunks: number;
  /** The heading a document opens with: mostly its title, which says less than its sections. */
  opening?: boolean;
}

/** A heading read as a question by itself (an FAQ entry) is offered as it is. */
const QUESTION = /^¿.*\?$|\?$/;

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

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** The title a heading gives, without numbering, trailing colons or spacing debris; null when it says nothing. */
export function headingTopic(heading: string): string | null {
  const title = heading
    .replace(/\s+/g, ' ')
    .trim()
    .replace(NUMBERING, '')
    .replace(/[\s:;,.–—-]+$/, '');
  if (letters(title) < 4 || title.split(' ').length > 12) return null;
  const folded = fold(title);
  if (GENERIC.has(folded) || /^(?:page|pagina|chapter|capitulo|section|seccion|part|parte|table|tabla|figure|figura)(?: [\divxlc]+)*$/.test(folded))
    return null;
  return title;
}

/**
 * A heading in sentence case ("Shipping times") reads better lowered inside a question; Title Case,
 * names and acronyms are left alone, and a heading set in capitals is lowered whole.
 */
function inSentence(title: string): string {
  if (letters(title) > 5 && title === title.toUpperCase()) return title.toLowerCase();
  const [first = '', ...rest] = title.split(' ');
  const sentenceCase = /^\p{Lu}\p{Ll}+$/u.test(first) && rest.every((word) => !/^\p{Lu}/u.test(word));
  return sentenceCase ? `${first.charAt(0).toLowerCase()}${first.slice(1)}${rest.length ? ` ${rest.join(' ')}` : ''}` : title;
}

/** A visitor's question about a section, in the document's language. */
export function questionAbout(title: string, language: Language | null): string {
  if (QUESTION.test(title)) return title;
  const topic = inSentence(title);
  return language === 'es' ? `¿Qué debo saber sobre ${topic}?` : `What should I know about ${topic}?`;
}

/**
 * Questions to offer a Spark's visitors, from its documents' headings: sections before the headings
 * documents open with, the ones naming the most of the documents first, then in the documents' order
 * (as `candidates` come), one per topic, none already among `taken`, each short enough to be saved as it is.
 */
export function proposeQuestions(candidates: readonly HeadingCandidate[], taken: readonly string[], limit = PROPOSED_QUESTIONS_MAX): string[] {
  const topics = new Map<string, { title: string; language: Language | null; chunks: number; order: number; opening: boolean }>();
  candidates.forEach((candidate, order) => {
    const title = headingTopic(candidate.heading);
    if (!title) return;
    const key = fold(title);
    const known = topics.get(key);
    if (known) {
      known.chunks += candidate.chunks;
      known.opening &&= candidate.opening === true;
    } else topics.set(key, { title, language: candidate.language, chunks: candidate.chunks, order, opening: candidate.opening === true });
  });
  const seen = new Set(taken.map(fold));
  const proposed: string[] = [];
  const ranked = [...topics.values()].sort((a, b) => Number(a.opening) - Number(b.opening) || b.chunks - a.chunks || a.order - b.order);
  for (const topic of ranked) {
    const question = questionAbout(topic.title, topic.language);
    if (question.length > SUGGESTED_QUESTION_CHARS || seen.has(fold(question))) continue;
    seen.add(fold(question));
    proposed.push(question);
    if (proposed.length === limit) break;
  }
  return proposed;
}

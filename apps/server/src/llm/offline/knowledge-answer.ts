import type { Language } from '@sparks/contract';
import { DOCUMENT_INTENTS } from '../document-intents.js';
import type { Passage } from '../prompt-format.js';
import { OFFLINE_TEXTS } from './offline-texts.js';
import { headingMatch } from '../../lib/heading-match.js';
import { rankTexts } from './passage-ranker.js';
import { passageSections, type PassageSection } from './passage-sections.js';
import { contentWords } from '../../lib/content-words.js';
import { MIN_SENTENCE_CHARS, isCode, joinSentences, sentencesOf } from './passage-sentences.js';
import { quotedText } from './quoted-text.js';
import { answerKind, carriesKind } from './answer-kind.js';

/**
 * A second (and third) section is quoted when it matches at least half as well as the first: the
 * best sections side by side carry the fact far more often than the first alone (decision 0027;
 * a third was measured again once the evaluation had held-out documents, and carries it more
 * often there too).
 */
const SECOND_PASSAGE_SHARE = 0.5;
const MAX_PASSAGES = 3;
/** A loose match offers the closest sections side by side, for the visitor to judge. */
const MAX_RELATED = 3;
/** An excerpt is the best sentence and its neighbours, up to about this many characters. */
const EXCERPT_CHARS = 700;
/**
 * An excerpt shorter than this takes the sentences that follow: a procedure's steps, a definition's
 * details and the answer to a section's opening question often come two or three sentences after
 * the one that names the question's words.
 */
const MIN_EXCERPT_CHARS = 400;
/**
 * A code block that completes the excerpt's last sentence ("…you can use", "…as follows:") may
 * take the excerpt up to this many characters: a command or a listing cut off answers nothing.
 */
const CODE_EXCERPT_CHARS = 1_500;
const MAX_OUTLINE_POINTS = 8;
/**
 * Passages come in the order retrieval ranked them over the whole Spark, with the Spark's own word
 * counts; among six passages that all hold the question's words, a local count knows less. Each
 * place down the list weighs a little less.
 */
const rankPrior = (marker: number): number => 1 / (1 + RANK_DECAY * (marker - 1));
const RANK_DECAY = 0.3;

/** Added to a sentence's score when it defines what the question asks about: it outranks any mere mention. */
const DEFINITION_BONUS = 100;
/** How much a heading that says what the question asks multiplies a passage's score. */
const HEADING_WEIGHT = 2;
/**
 * How much more a section weighs when it holds the kind of fact the question's form asks for (a
 * figure, a command, a date: answer-kind.ts). Small on purpose: most sections hold some number, so
 * it tips a tie and never outweighs the question's words (docs/decisions/0029).
 */
const KIND_WEIGHT = 0.3;
/** How much a passage that defines what a "what is X" question asks about multiplies its score: a definition answers it better than any mention. */
const DEFINES_WEIGHT = 3;
/**
 * Questions that ask what something is, means or does, and the subject they ask about: "What is
 * X?", "What does X stand for / mean / do?", "¿Qué es X?", "¿Qué significa / hace X?", "¿Para qué
 * sirve X?".
 */
const DEFINITION_QUESTIONS = [
  /^\W*(?:what|who)\s+(?:is|are|was|were)\s+(?:an?\s+|the\s+)?(.{1,60}?)\W*$/i,
  /^\W*what\s+(?:does|do|did)\s+(?:an?\s+|the\s+)?(.{1,60}?)\s+(?:stand\s+for|mean|do)\W*$/i,
  /^\W*(?:qu[eé]|qui[eé]n(?:es)?)\s+(?:es|son|era|fue)\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
  /^\W*qu[eé]\s+(?:significa|significan|hace|hacen)\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
  /^\W*para\s+qu[eé]\s+sirven?\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
];

/** The subject a definition question asks about, without what follows it in the question ("Suggests en el archivo control" → "Suggests"). */
function definedSubject(question: string): string | null {
  for (const pattern of DEFINITION_QUESTIONS) {
    const subject = pattern.exec(question.trim())?.[1]?.trim();
    if (subject) return subject;
  }
  return null;
}

/** A sentence that says what one of the question's words is ("A library is a place…") weighs this share of the best match more. */
const TERM_DEFINITION_SHARE = 0.6;
/**
 * The opening sentence of a section weighs more by the share of the question's words its heading
 * names, up to this share of the best match: a manual states what a section is about first.
 */
const OPENING_SHARE = 1;
/**
 * A passage's first sentences weigh up to this share more, fading with each place: a manual states
 * the point first ("The recommended package foreign provides…") and the details after, which repeat
 * the question's words more often without answering it better.
 */
const EARLY_SHARE = 0.5;
const earlyWeight = (index: number): number => 1 + EARLY_SHARE / (1 + index);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sentences that open by defining one of the question's words: "A library is…", "El paquete es…". */
function definedTerms(question: string): RegExp {
  const words = question
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((word) => word.length > 2)
    .map(escapeRegExp);
  if (words.length === 0) return /$^/;
  return new RegExp(`^(?:(?:a|an|the|el|la|los|las|un|una)\\s+)?(?:${words.join('|')})s?\\s+(?:is|are|es|son)\\s`, 'iu');
}

/**
 * For a question that asks what X is, the sentences that define X: "X is a…", "X es un…", a
 * glossary's "X («…»): …" or "X: …", and for an acronym the words it stands for ("CRAN" →
 * "Comprehensive R Archive Network").
 */
function definitionOf(question: string): { test(sentence: string): boolean } | null {
  const subject = definedSubject(question);
  if (!subject) return null;
  // "Suggests en el archivo control": the subject is its first word when the rest only says where.
  const head = subject.split(/\s+(?:in|en|on|of|de|del)\s+/i)[0]!.trim();
  const name = escapeRegExp(head);
  const named = new RegExp(
    `^(?:the\\s+|el\\s+|la\\s+|los\\s+|las\\s+|an?\\s+|una?\\s+)?${name}(?:\\s+(?:is|are|was|es|son|fue)\\b|\\s*(?:\\([^)]{1,60}\\)|«[^»]{1,60}»)?\\s*[:–—]\\s*\\S)`,
    'iu',
  );
  // An acronym's expansion keeps its capitals: each letter opens a word, in order.
  const expanded = /^[A-Z]{2,8}$/.test(head)
    ? new RegExp(
        head
          .split('')
          .map((letter) => `\\b${letter}\\p{L}*`)
          .join('[\\s-]+'),
        'u',
      )
    : null;
  return { test: (sentence) => named.test(sentence) || (expanded?.test(sentence) ?? false) };
}

/**
 * A sentence worth quoting: it says something (words, not only numbers, symbols or a lone label),
 * and it is not a copyright notice ("Copyright © 2007 …", "(C) 2021 …"), which a title page or a
 * footer sets before the text and which answers nobody, whatever words it shares with a question.
 */
const quotable = (sentence: string): boolean =>
  sentence.length >= MIN_SENTENCE_CHARS && (sentence.match(/\p{L}{2,}/gu)?.length ?? 0) >= 4 && !COPYRIGHT_NOTICE.test(sentence);
/** A notice: "copyright" or its sign, then a year. */
const COPYRIGHT_NOTICE = /(?:copyright|©)\s*(?:©|\(c\))?\s*(?:19|20)\d\d/i;

/** The share of the question's words that a heading names (0–1). */
function headingShare(question: string, heading: string | undefined): number {
  const asked = new Set(contentWords(question));
  if (asked.size === 0 || !heading) return 0;
  const named = new Set(contentWords(heading));
  return [...asked].filter((word) => named.has(word)).length / asked.size;
}

/**
 * The excerpt of one passage that answers: its best-matching sentence with the sentences around
 * it, as one contiguous piece of the text. The window keeps the sentence after the best one (more
 * while the excerpt is short) and the one before it, since a fact is often stated right after or
 * right before the sentence that names the question's words, then grows towards the neighbour
 * that matches better. `question` is everything searched (the question with its other wordings);
 * `asked` is what the visitor wrote.
 */
function excerptOf(question: string, text: string, heading?: string, defines = definitionOf(question), asked = question): string {
  const sentences = sentencesOf(quotedText(text));
  const scores = new Map(rankTexts(question, sentences, (sentence) => sentence).map((entry) => [entry.item, entry.score]));
  // A follow-up's subject, carried from the question before, found the section; the sentence that
  // answers holds what the visitor asks now, so the words they wrote count once more (decision 0027).
  if (asked !== question)
    for (const entry of rankTexts(asked, sentences, (sentence) => sentence)) scores.set(entry.item, (scores.get(entry.item) ?? 0) + entry.score);
  const terms = definedTerms(question);
  const top = Math.max(0, ...scores.values());
  const opening = top * OPENING_SHARE * headingShare(question, heading);
  // A label too short to quote ("enlace simbólico o «simlink».") names what the sentence after it says.
  const labelScore = (previous: string | undefined) => (previous !== undefined && !quotable(previous) ? (scores.get(previous) ?? 0) : 0);
  const candidates = sentences.map((sentence, index) => ({
    index,
    score: quotable(sentence)
      ? ((scores.get(sentence) ?? 0) +
          (defines?.test(sentence) ? DEFINITION_BONUS : 0) +
          (terms.test(sentence) ? top * TERM_DEFINITION_SHARE : 0) +
          (index === 0 ? opening : 0) +
          labelScore(sentences[index - 1])) *
        earlyWeight(index)
      : -1,
  }));
  const best = candidates.reduce((top, candidate) => (candidate.score > top.score ? candidate : top), candidates[0] ?? { index: 0, score: 0 });
  let from = best.index;
  let to = best.index;
  const length = () => joinSentences(sentences.slice(from, to + 1)).length;
  const grow = (index: number) => {
    const unit = sentences[index];
    if (unit === undefined || index < 0) return false;
    return length() + unit.length + 2 <= (index === to + 1 && completes(to) ? CODE_EXCERPT_CHARS : EXCERPT_CHARS);
  };
  const completes = (last: number) => {
    const next = sentences[last + 1];
    return next !== undefined && (introduces(sentences[last]!) || (isCode(next) && !/[.!?]$/.test(sentences[last]!)));
  };
  while (grow(to + 1) && (to === best.index || length() < MIN_EXCERPT_CHARS)) to += 1;
  // The sentence before often states the fact the best one goes on about ("Turn the dial to 55 °C.
  // This temperature keeps…"), in words the question does not use; a copyright notice never does.
  if (grow(from - 1) && quotable(sentences[from - 1]!) && !NOTICE.test(sentences[from - 1]!)) from -= 1;
  for (;;) {
    const before = grow(from - 1) && !COPYRIGHT_NOTICE.test(sentences[from - 1]!) ? (scores.get(sentences[from - 1]!) ?? 0) : -1;
    const after = grow(to + 1) && !COPYRIGHT_NOTICE.test(sentences[to + 1]!) ? (scores.get(sentences[to + 1]!) ?? 0) : -1;
    if (before <= 0 && after <= 0) break;
    if (before >= after) from -= 1;
    else to += 1;
  }
  // What the last sentence announces ("run the following command:") is what it is quoted for.
  while (completes(to) && grow(to + 1)) to += 1;
  return joinSentences(sentences.slice(from, to + 1));
}

/** A copyright notice or a page's footer naming one: furniture, not what the page says. */
const NOTICE = /copyright|©/i;

/** A sentence that announces what comes next: a command, a list, an example ("…as follows:"). */
const introduces = (sentence: string): boolean => /:$/.test(sentence);

/** An excerpt with its markers; after a code block they go below it, where they cannot be read as part of its closing fence. */
const cited = (excerpt: string, markers: string): string => `${excerpt}${excerpt.endsWith('```') ? '\n\n' : ' '}${markers}`;

/** "Summarise the document", "what is in it": the outline of its sections, each with its opening sentence. */
function outline(passages: readonly Passage[], texts: (typeof OFFLINE_TEXTS)[Language]): string {
  const sections = passages.filter((passage) => passage.heading);
  const documents = [...new Set(sections.map((passage) => passage.title))];
  const points = sections.slice(0, MAX_OUTLINE_POINTS).map((passage) => {
    const opening = sentencesOf(quotedText(passage.text)).find((unit) => quotable(unit) && !isCode(unit)) ?? '';
    return `- **${passage.heading}**${opening ? `: ${opening}` : ''} [${passage.marker}]`;
  });
  if (points.length === 0)
    return [texts.summaryIntro, ...passages.slice(0, 3).map((passage) => cited(excerptOf('', passage.text), `[${passage.marker}]`))].join('\n\n');
  return [texts.outlineIntro(documents.join(', ')), ...points].join('\n');
}

/** Cites each passage of a section that the excerpt quotes a sentence of: "[2] [3]". */
function quotedMarkers(section: PassageSection, excerpt: string): string {
  const quoted = section.passages.filter((passage) => sentencesOf(quotedText(passage.text)).some((sentence) => excerpt.includes(sentence)));
  return (quoted.length > 0 ? quoted : section.passages.slice(0, 1)).map((passage) => `[${passage.marker}]`).join(' ');
}

/** What the prompt says about how the passages were found. */
export interface KnowledgeContext {
  /** The documents' language, when the prompt says it is not the question's. */
  documentsLanguage?: Language | null;
  /** The other wordings the question was searched in. */
  wordings?: readonly string[];
  /** The best passage covers little of the question. */
  weakMatch?: boolean;
}

/**
 * Answers a question from the passages alone, as a careful person would quote a manual: the
 * passage that answers best (and a second when it answers at least half as well), each as one
 * contiguous excerpt around its best sentence, cited; or a plain "I don't know" when no passage
 * shares a word with the question (naming the documents' language when the question is in
 * another). When the prompt says the passages match the question only loosely, it frames none as
 * the answer: it says so and offers the closest sections as maybe related, cited (decision 0026).
 * A request for a summary gets the documents' outline.
 */
export function knowledgeAnswer(
  question: string,
  passages: readonly Passage[],
  language: Language,
  { documentsLanguage = null, wordings = [], weakMatch = false }: KnowledgeContext = {},
): string {
  const texts = OFFLINE_TEXTS[language];
  // Documents in another language share no words with the question: say so, so the visitor can ask in theirs.
  const noKnowledge = documentsLanguage && documentsLanguage !== language ? texts.noKnowledgeOtherLanguage(documentsLanguage) : texts.noKnowledge;
  if (DOCUMENT_INTENTS.summarize.test(question) || DOCUMENT_INTENTS.overview.test(question)) {
    return passages.length > 0 ? outline(passages, texts) : noKnowledge;
  }
  // The other wordings it was searched in (a translation, a follow-up with its subject) find the words the question itself lacks.
  const searched = [question, ...wordings].join('\n');
  // A heading that says what the question asks ("2.1 What is R?") marks the passage that answers it, and so does a definition of what it asks about.
  const defines = [question, ...wordings].map(definitionOf).find((definition) => definition !== null) ?? null;
  // A section that holds the kind of fact the question asks for (a figure, a command, a date) answers it more likely than one that only names its words.
  const asked = answerKind(question);
  const ranked = rankTexts(searched, passageSections(passages), (section) => `${section.title} ${section.heading ?? ''} ${section.text}`)
    .filter((entry) => entry.score > 0)
    .map((entry) => {
      const definition = defines !== null && sentencesOf(entry.item.text).some((sentence) => defines.test(sentence));
      return {
        ...entry,
        definition,
        score:
          entry.score *
          (1 + HEADING_WEIGHT * Math.max(...[question, ...wordings].map((wording) => headingMatch(wording, entry.item.heading ?? null)))) *
          rankPrior(entry.item.marker) *
          (definition ? DEFINES_WEIGHT : 1) *
          (asked && sentencesOf(entry.item.text).some((sentence) => carriesKind(asked, sentence)) ? 1 + KIND_WEIGHT : 1),
      };
    })
    .sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  if (best === 0) return noKnowledge;
  // A definition answers "what is X" by itself: a mere mention of X beside it only dilutes it.
  const second = (entry: (typeof ranked)[number]) => entry.score >= best * SECOND_PASSAGE_SHARE && (!ranked[0]!.definition || entry.definition);
  const chosen = weakMatch ? ranked.slice(0, MAX_RELATED) : ranked.filter((entry, index) => index === 0 || second(entry)).slice(0, MAX_PASSAGES);
  const parts = chosen.map(({ item }) => {
    const excerpt = excerptOf(searched, item.text, item.heading, defines, question);
    return cited(excerpt, quotedMarkers(item, excerpt));
  });
  return [weakMatch ? texts.relatedIntro : texts.foundIntro, ...parts].join('\n\n');
}

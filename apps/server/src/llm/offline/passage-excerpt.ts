import { contentWords } from '../../lib/content-words.js';
import { definedTerms, definitionOf } from './definition-question.js';
import { rankTexts } from './passage-ranker.js';
import { MIN_SENTENCE_CHARS, isCode, joinSentences, sentencesOf } from './passage-sentences.js';
import { quotedText } from './quoted-text.js';

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
/** A second window of the same passage (see secondWindow) matches at least this share of the best sentence. */
const SECOND_WINDOW_SHARE = 0.5;
/** A second window stays short: a sentence or two beside the excerpt, never a second excerpt as long. */
const SECOND_WINDOW_CHARS = MIN_EXCERPT_CHARS;

/** Added to a sentence's score when it defines what the question asks about: it outranks any mere mention. */
const DEFINITION_BONUS = 100;
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

/**
 * A sentence worth quoting: it says something (words, not only numbers, symbols or a lone label),
 * and it is not a copyright notice ("Copyright © 2007 …", "(C) 2021 …"), which a title page or a
 * footer sets before the text and which answers nobody, whatever words it shares with a question.
 */
export const quotable = (sentence: string): boolean =>
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
export function excerptOf(question: string, text: string, heading?: string, defines = definitionOf(question), asked = question): string {
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
  const first = sentences.slice(from, to + 1);
  const second = secondWindow(sentences, candidates, best.score, from, to);
  if (!second) return joinSentences(first);
  const quoted = sentences.slice(second.from, second.to + 1);
  // The ellipsis is a unit of its own, so beside a code block it stands on its own line, never on a fence's.
  return joinSentences(second.from < from ? [...quoted, ELLIPSIS, ...first] : [...first, ELLIPSIS, ...quoted]);
}

const ELLIPSIS = '…';

/**
 * A passage often states what the question asks in two places: a section's overview and, further
 * on, the step or the figure itself. Its next best sentence, away from the excerpt, is quoted too
 * when it matches at least half as well, as a second section is beside the first
 * (decision 0027): the sentence and the one after it, short, after an ellipsis that marks the text
 * left out between them.
 */
function secondWindow(
  sentences: readonly string[],
  candidates: ReadonlyArray<{ index: number; score: number }>,
  bestScore: number,
  from: number,
  to: number,
): { from: number; to: number } | null {
  // One sentence at least stays out between the two windows, so the ellipsis always stands for text.
  const apart = (index: number) => index < from - 1 || index > to + 1;
  const next = candidates
    .filter((candidate) => apart(candidate.index) && candidate.score > 0 && candidate.score >= bestScore * SECOND_WINDOW_SHARE)
    .filter((candidate) => sentences[candidate.index]!.length <= SECOND_WINDOW_CHARS)
    .reduce<{ index: number; score: number } | null>((top, candidate) => (top === null || candidate.score > top.score ? candidate : top), null);
  if (!next) return null;
  const after = sentences[next.index + 1];
  const takesNext =
    after !== undefined &&
    quotable(after) &&
    !NOTICE.test(after) &&
    (next.index > to || next.index + 1 < from - 1) &&
    joinSentences(sentences.slice(next.index, next.index + 2)).length <= SECOND_WINDOW_CHARS;
  // A command is quoted with the sentence that announces it ("on the server, as root:"), as in the first window.
  const announced = isCode(sentences[next.index]!) && next.index > 0 && introduces(sentences[next.index - 1]!) && apart(next.index - 1);
  return { from: announced ? next.index - 1 : next.index, to: takesNext ? next.index + 1 : next.index };
}

/** A copyright notice or a page's footer naming one: furniture, not what the page says. */
const NOTICE = /copyright|©/i;

/** A sentence that announces what comes next: a command, a list, an example ("…as follows:"). */
const introduces = (sentence: string): boolean => /:$/.test(sentence);

/** An excerpt with its markers; after a code block they go below it, where they cannot be read as part of its closing fence. */
export const cited = (excerpt: string, markers: string): string => `${excerpt}${excerpt.endsWith('```') ? '\n\n' : ' '}${markers}`;

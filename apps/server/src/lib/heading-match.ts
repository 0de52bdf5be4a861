import { contentWords } from './content-words.js';

/** Lower-case words separated by single spaces: how a question and a heading are compared word for word. */
export const plainWords = (text: string): string =>
  text
    .toLowerCase()
    // A hyphen joins: "R-plus" is not the word "R".
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join(' ');

/** The question as a phrase worth finding in a heading: two words at least ("what is r"), at most eight. */
export function questionPhrase(question: string): string | null {
  const words = plainWords(question).split(' ').filter(Boolean);
  return words.length >= 2 && words.length <= 8 ? words.join(' ') : null;
}

/**
 * How well a passage's heading says what a question asks (0–1): 1 when the heading holds the
 * question word for word ("What is R?" in "2.1 What is R?"); the share of the heading the question
 * covers when the heading holds all of the question's words ("R and S" for "What is R?": 0.5); else 0.
 */
export function headingMatch(question: string, heading: string | null): number {
  // The question said word for word in the heading ("What is R?" in "2.1 What is R?") is the answer's own section.
  const phrase = questionPhrase(question);
  if (phrase && heading && ` ${plainWords(heading)} `.includes(` ${phrase} `)) return 1;
  const asked = new Set(contentWords(question));
  const named = new Set(contentWords(heading ?? ''));
  if (asked.size === 0 || named.size === 0) return 0;
  // Only a heading that names everything the question asks marks its section: a heading sharing one
  // word of two ("Company cars" for "Where is the company workshop?") is left to BM25, which weighs headings already.
  if (![...asked].every((word) => named.has(word))) return 0;
  return asked.size / named.size;
}

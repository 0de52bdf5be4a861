import { fencedBlocks } from './fenced-blocks.js';

/** Shorter than this, a "sentence" is a heading, a label or list debris, not something to quote alone. */
export const MIN_SENTENCE_CHARS = 25;

/** A code block as a passage carries it, fenced: quoted whole, with its lines, never split into sentences. */
export const isCode = (unit: string): boolean => unit.startsWith('```');

/** Prose split into sentences, with what is too short to stand alone joined to the sentence that follows. */
function proseSentences(text: string): string[] {
  const raw = text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}¿¡"“(])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const sentences: string[] = [];
  let pending = '';
  for (const sentence of raw) {
    const joined = pending ? `${pending} ${sentence}` : sentence;
    if (joined.length < MIN_SENTENCE_CHARS) pending = joined;
    else {
      sentences.push(joined);
      pending = '';
    }
  }
  if (pending) {
    if (sentences.length > 0) sentences[sentences.length - 1] = `${sentences.at(-1)} ${pending}`;
    else sentences.push(pending);
  }
  return sentences;
}

/**
 * The units an excerpt is made of, in order: the sentences of a passage's prose, and each code
 * block whole, fence and lines as written.
 */
export function sentencesOf(text: string): string[] {
  return fencedBlocks(text).flatMap((block) => (block.code ? [block.text] : proseSentences(block.text)));
}

/** Units of an excerpt as one text: sentences run on, a code block stands as a paragraph of its own. */
export function joinSentences(units: readonly string[]): string {
  return units.reduce((text, unit, index) => {
    if (index === 0) return unit;
    return isCode(unit) || isCode(units[index - 1]!) ? `${text}\n\n${unit}` : `${text} ${unit}`;
  }, '');
}

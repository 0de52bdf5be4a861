import { contentWords } from '../../lib/content-words.js';

/**
 * What a saved test expects a good answer to mention when the owner named nothing: the answer's
 * figures first, then its longest meaningful words, two at most, as written.
 */
export function mentionsOf(answer: string): string[] {
  const words = answer.match(/[\p{L}\p{N}][\p{L}\p{N}.,:/-]*[\p{L}\p{N}]|\p{N}/gu) ?? [];
  const meaningful = words.filter((word) => contentWords(word).length > 0);
  const figures = meaningful.filter((word) => /\p{N}/u.test(word));
  const longest = meaningful.filter((word) => !/\p{N}/u.test(word) && word.length >= 5).sort((a, b) => b.length - a.length);
  return [...new Set([...figures, ...longest])].slice(0, 2);
}

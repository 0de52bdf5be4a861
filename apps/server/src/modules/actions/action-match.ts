import { contentWords } from '../../lib/content-words.js';
import { holds } from '../../lib/match-strength.js';

/**
 * How closely a message must ask for an action to be offered it (docs/decisions/0042): at
 * `strong` the action wins over the documents; at `floor` only where the documents' own match is
 * too weak to frame an answer.
 */
export const ACTION_MATCH = { strong: 0.75, floor: 0.5 } as const;

/** A message's words that say what it asks for: a figure in it ("order 1042") is a value, not a word of the request. */
const wordsOf = (text: string): Set<string> => new Set(contentWords(text).filter((word) => !/^\d+$/.test(word)));

/** How much of each the other holds, together: the geometric mean of both shares, 1 for the same words, 0 when none is shared. */
function closeness(message: ReadonlySet<string>, phrasing: ReadonlySet<string>): number {
  if (message.size === 0 || phrasing.size === 0) return 0;
  const held = [...message].filter((word) => holds(phrasing, word)).length / message.size;
  const holding = [...phrasing].filter((word) => holds(message, word)).length / phrasing.size;
  return Math.sqrt(held * holding);
}

/**
 * How closely a message asks for what an action does, from 0 to 1: its best wording (the message,
 * its translation) against the best of the action's example requests and its purpose. Both ways
 * count, so a long question that only mentions an order is not taken for "where is my order?".
 */
export function actionMatch(wordings: readonly string[], phrasings: readonly string[]): number {
  const targets = phrasings.map(wordsOf);
  let best = 0;
  for (const wording of wordings) {
    const words = wordsOf(wording);
    for (const target of targets) best = Math.max(best, closeness(words, target));
  }
  return best;
}

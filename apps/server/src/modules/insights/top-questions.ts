import { INSIGHTS_TOP } from '@sparks/contract';
import { questionKey } from '../../lib/question-key.js';

/**
 * The questions asked most: wordings that are the same question (`questionKey`: case, accents,
 * punctuation and spacing aside) counted together and shown as they were last asked. Blank keys
 * (a question of punctuation only) are left out.
 */
export function topQuestions(wordings: ReadonlyArray<readonly [text: string, count: number, lastAsked: number]>): Array<{ question: string; count: number }> {
  const groups = new Map<string, { question: string; count: number; last: number }>();
  for (const [text, count, last] of wordings) {
    const key = questionKey(text);
    if (!key) continue;
    const group = groups.get(key);
    if (!group) groups.set(key, { question: text.trim(), count, last });
    else {
      group.count += count;
      if (last > group.last) Object.assign(group, { question: text.trim(), last });
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || b.last - a.last)
    .slice(0, INSIGHTS_TOP)
    .map(({ question, count }) => ({ question, count }));
}

import { citationSchema, isLiveNotice, type Citation, type LiveMessage } from '@sparks/contract';
import { citedInOrder } from '../../lib/cited-in-order.js';
import type { StoredMessage } from './live-repository.js';

/** A stored answer's citations; stored JSON that is not one is not shown. */
const citationsOf = (value: unknown): Citation[] => {
  const parsed = citationSchema.array().safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
};

/** A stored message as a live stream shows it: who said what, with the owner's name on theirs; anything else is not shown. */
export function liveMessage(stored: StoredMessage): LiveMessage | null {
  const base = { seq: stored.seq, createdAt: stored.createdAt.toISOString() };
  const content = typeof stored.data.content === 'string' ? stored.data.content : '';
  const name = typeof stored.data.name === 'string' ? stored.data.name : '';
  switch (stored.type) {
    case 'human':
      return { ...base, role: 'visitor', content };
    case 'ai': {
      if (content.trim() === '') return null;
      // The owner reads the answer as the visitor did: its sources numbered in the order it cites them.
      const cited = citedInOrder(content, citationsOf(stored.data.citations));
      return {
        ...base,
        role: 'spark',
        content: cited.content,
        ...(cited.citations.length > 0 ? { citations: cited.citations } : {}),
        ...(stored.data.unanswered === true ? { unanswered: true } : {}),
        ...(stored.data.asksForPerson === true ? { askedForPerson: true } : {}),
      };
    }
    case 'owner':
      return { ...base, role: 'owner', content, name };
    case 'notice':
      return isLiveNotice(stored.data.notice) ? { ...base, role: 'notice', content: '', name, notice: stored.data.notice } : null;
    default:
      return null;
  }
}

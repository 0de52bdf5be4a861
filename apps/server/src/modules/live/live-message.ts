import { isLiveNotice, type LiveMessage } from '@sparks/contract';
import type { StoredMessage } from './live-repository.js';

/** A stored message as a live stream shows it: who said what, with the owner's name on theirs; anything else is not shown. */
export function liveMessage(stored: StoredMessage): LiveMessage | null {
  const base = { seq: stored.seq, createdAt: stored.createdAt.toISOString() };
  const content = typeof stored.data.content === 'string' ? stored.data.content : '';
  const name = typeof stored.data.name === 'string' ? stored.data.name : '';
  switch (stored.type) {
    case 'human':
      return { ...base, role: 'visitor', content };
    case 'ai':
      if (content.trim() === '') return null;
      return {
        ...base,
        role: 'spark',
        content,
        ...(stored.data.unanswered === true ? { unanswered: true } : {}),
        ...(stored.data.asksForPerson === true ? { askedForPerson: true } : {}),
      };
    case 'owner':
      return { ...base, role: 'owner', content, name };
    case 'notice':
      return isLiveNotice(stored.data.notice) ? { ...base, role: 'notice', content: '', name, notice: stored.data.notice } : null;
    default:
      return null;
  }
}

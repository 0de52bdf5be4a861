import { actionOfferSchema, isLiveNotice, type ChatMessage, type WidgetMessage } from '@sparks/contract';
import { citedInOrder } from './cited-in-order.js';

/** The visitor's view of a stored message: what was said and the sources, nothing of the Spark's inner workings. */
export function widgetMessage(message: ChatMessage): WidgetMessage | null {
  const content = message.data.content ?? '';
  if (message.type === 'human') return { role: 'visitor', content, createdAt: message.createdAt };
  // A person who took the conversation over, and the notices of them joining and leaving (the widget words those).
  const name = typeof message.data.name === 'string' ? message.data.name : '';
  if (message.type === 'owner') return { role: 'owner', content, name, createdAt: message.createdAt };
  if (message.type === 'notice') {
    const notice = message.data.notice;
    return isLiveNotice(notice) ? { role: 'notice', content: '', name, notice, createdAt: message.createdAt } : null;
  }
  const { unanswered, asksForPerson } = message.data;
  if (message.type !== 'ai' || content.trim() === '') return null;
  // A visitor reads [1], [2], [3] in the order the answer cites them, whatever the passages' ranks were.
  const { content: text, citations: ordered } = citedInOrder(content, message.data.citations ?? []);
  // An action offered: the widget shows its form (a stored offer the schema no longer reads shows as text only).
  const offer = message.data.action === undefined ? undefined : actionOfferSchema.safeParse(message.data.action).data;
  const citations = ordered.map(({ marker, title, page, excerpt, url }) => ({ marker, title, ...(page ? { page } : {}), excerpt, ...(url ? { url } : {}) }));
  return {
    ...(message.id ? { id: message.id } : {}),
    role: 'spark',
    content: text,
    ...(citations.length ? { citations } : {}),
    ...(message.feedback ? { feedback: message.feedback.rating } : {}),
    ...(unanswered || asksForPerson ? { offerContact: true } : {}),
    ...(offer ? { action: offer } : {}),
    createdAt: message.createdAt,
  };
}

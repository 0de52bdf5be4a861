import type { LiveMessage } from '@sparks/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const BUBBLES = {
  visitor: 'self-start rounded-2xl rounded-bl-sm bg-white text-ink border border-line',
  spark: 'self-start rounded-2xl rounded-bl-sm bg-primary-soft text-ink',
  owner: 'self-end rounded-2xl rounded-br-sm bg-primary text-white',
} as const;

/** How the screen shows a Spark's answer: its text with the sources it cites (the route fills it, as the test chat shows answers). */
export type LiveAnswerView = (message: LiveMessage) => ReactNode;

/**
 * One message of a live conversation. What a visitor or an owner writes is rendered as text:
 * nothing they write becomes markup. A Spark's answer is shown by `answer`, with its sources.
 */
export function LiveBubble({ message, action, answer }: { message: LiveMessage; action?: ReactNode; answer: LiveAnswerView }) {
  const { t } = useTranslation();
  if (message.role === 'notice') {
    // An owner without a name on their profile reads the notice about themselves.
    const name = message.name ?? '';
    return (
      <li className="self-center rounded-full bg-black/5 px-3 py-1 text-xs text-ink/80" data-testid="live-notice">
        {message.notice ? t(name ? `live.notice.${message.notice}` : `live.noticeUnnamed.${message.notice}`, { name }) : message.content}
      </li>
    );
  }
  const author = message.role === 'owner' && message.name ? message.name : t(`live.author.${message.role}`);
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-0.5 ${message.role === 'owner' ? 'self-end items-end' : 'self-start items-start'}`}
      data-testid={`live-message-${message.role}`}
    >
      <span className="px-1 text-xs text-muted">{author}</span>
      {message.role === 'spark' ? (
        <div className={`min-w-0 max-w-full px-3 py-2 text-sm ${BUBBLES.spark}`}>{answer(message)}</div>
      ) : (
        <p className={`whitespace-pre-wrap break-words px-3 py-2 text-sm ${BUBBLES[message.role]}`}>{message.content}</p>
      )}
      {action}
    </li>
  );
}

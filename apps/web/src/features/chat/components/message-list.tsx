import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSlots } from '../answer-slots';
import type { ChatEntry } from '../chat-reducer';
import { dayLabel, displayItems, startsNewDay, type DisplayItem } from '../chat-rules';
import { ActionCard, type ActionHandlers } from './action-card';
import type { RunOfferedAction } from './action-offer-form';
import { AiMessage } from './ai-message';
import { ChatMarkdown } from './chat-markdown';
import { TypingIndicator } from './typing-indicator';
import { LineIcon } from '../../../components/ui/line-icon';

interface MessageListProps extends ActionHandlers {
  /** The entries already revealed (product.md §4 delays are applied by the caller). */
  entries: ChatEntry[];
  streamingText: string;
  typing: boolean;
  slots?: AnswerSlots;
  /** Where the latest answer's offered action can run (test chats). */
  onRunAction?: RunOfferedAction;
}

const WIDTH = 'max-w-[calc(100%-2.5rem)] desktop:max-w-[75%]';
const ENTER = 'transition duration-300 ease-out starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none';

function Bubble({ side, fresh, children, testId }: { side: 'user' | 'assistant'; fresh?: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const shape =
    side === 'user'
      ? 'ml-auto rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-white'
      : 'mr-auto rounded-2xl rounded-tl-sm border border-line bg-white px-4 py-3 text-ink shadow-sm';
  return (
    <div className={`${WIDTH} ${shape} ${fresh ? ENTER : ''} w-fit min-w-0`} data-testid={testId}>
      <span className="sr-only">{side === 'user' ? t('chat.you') : t('chat.assistant')} </span>
      {children}
    </div>
  );
}

function DaySeparator({ createdAt }: { createdAt: string }) {
  const { t, i18n } = useTranslation();
  const label = dayLabel(createdAt, new Date());
  const text =
    label.kind === 'today'
      ? t('chat.today')
      : label.kind === 'yesterday'
        ? t('chat.yesterday')
        : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(label.date);
  return (
    <li className="flex items-center gap-3 py-1 text-xs font-medium text-muted" data-testid="day-separator">
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
      {text}
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
    </li>
  );
}

interface ItemBodyProps {
  item: DisplayItem;
  handlers: ActionHandlers;
  fresh: boolean;
  slots?: AnswerSlots;
  /** The latest answer's offered action, and where it runs. */
  onRunAction?: RunOfferedAction;
}

function ItemBody({ item, handlers, fresh, slots, onRunAction }: ItemBodyProps) {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'human':
      return (
        <Bubble side="user" fresh={fresh} testId="message-human">
          <p className="whitespace-pre-wrap break-words">{item.message.data.content}</p>
        </Bubble>
      );
    case 'uploadedDocument':
      return (
        <Bubble side="user" fresh={fresh} testId="message-uploaded-document">
          <p className="flex min-w-0 items-center gap-2">
            <LineIcon className="size-4 shrink-0" d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />
            <span className="sr-only shrink-0 font-medium min-[480px]:not-sr-only">
              {t('chat.uploadedDocument')}
              <span className="sr-only">: </span>
            </span>
            {item.documentName && (
              <span className="min-w-0 truncate opacity-90" title={item.documentName}>
                {item.documentName}
              </span>
            )}
          </p>
        </Bubble>
      );
    case 'ai':
      return (
        <Bubble side="assistant" fresh={fresh} testId="message-ai">
          <AiMessage message={item.message} onSend={handlers.onSend} disabled={handlers.disabled} slots={slots} onRunAction={onRunAction} />
        </Bubble>
      );
    case 'action':
      return (
        <Bubble side="assistant" fresh={fresh} testId={`message-action-${item.message.data.type ?? ''}`}>
          <ActionCard message={item.message} {...handlers} {...(slots?.liveCard ? { liveCard: slots.liveCard } : {})} />
        </Bubble>
      );
  }
}

/**
 * The conversation. Finished messages are announced politely (the list is a live region); the
 * answer being written sits outside it, so screen readers hear it once, not token by token.
 */
export function MessageList({ entries, streamingText, typing, slots, onRunAction, ...handlers }: MessageListProps) {
  const { t } = useTranslation();
  const items = displayItems(entries.map((entry) => entry.message));
  return (
    <div className="space-y-3">
      <ol aria-label={t('chat.messages')} aria-live="polite" className="flex flex-col gap-3">
        {items.map((item, position) => {
          const entry = entries[item.index];
          const previous = items[position - 1]?.message.createdAt;
          return (
            <Fragment key={entry?.key ?? item.index}>
              {startsNewDay(previous, item.message.createdAt) && <DaySeparator createdAt={item.message.createdAt} />}
              <li className="flex min-w-0">
                <ItemBody
                  item={item}
                  handlers={handlers}
                  fresh={entry?.fresh ?? false}
                  slots={slots}
                  // Only the latest answer's form can be sent: an older one is no longer offered.
                  onRunAction={position === items.length - 1 ? onRunAction : undefined}
                />
              </li>
            </Fragment>
          );
        })}
      </ol>
      {streamingText && (
        <div className="flex min-w-0" data-testid="message-streaming" aria-busy="true">
          <Bubble side="assistant" testId="message-ai-streaming">
            <ChatMarkdown content={streamingText} />
          </Bubble>
        </div>
      )}
      {typing && !streamingText && <TypingIndicator />}
    </div>
  );
}

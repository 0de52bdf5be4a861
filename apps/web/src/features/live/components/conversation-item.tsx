import type { LiveConversation } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { languageName, takenOverLabel, timeOf } from '../live-format';

interface ConversationItemProps {
  conversation: LiveConversation;
  selected: boolean;
  onSelect(id: string): void;
}

/** One row of the list: the visitor's language, the last message and its author, and what calls for a person. */
export function ConversationItem({ conversation, selected, onSelect }: ConversationItemProps) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(conversation.id)}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full flex-col gap-1 border-b border-line px-4 py-3 text-left hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary ${selected ? 'bg-primary-soft' : ''}`}
        data-testid="live-conversation"
      >
        <span className="flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold">{languageName(t, conversation.language)}</span>
          <time dateTime={conversation.lastAt} className="text-xs text-muted">
            {timeOf(conversation.lastAt, i18n.language)}
          </time>
        </span>
        <span className="line-clamp-2 text-sm text-ink/90">
          <span className="font-medium">{t(`live.author.${conversation.lastRole}`)}: </span>
          {conversation.lastMessage}
        </span>
        <span className="flex flex-wrap gap-1.5 text-xs">
          {conversation.channel !== 'widget' ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900">{t(`channelNames.${conversation.channel}`)}</span>
          ) : null}
          {conversation.askedForPerson ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-950">{t('live.askedForPerson')}</span> : null}
          {conversation.votedDown ? <span className="rounded-full bg-red-50 px-2 py-0.5 text-red-800">{t('live.votedDown')}</span> : null}
          {conversation.takenOver ? (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800">{takenOverLabel(t, conversation.takenOver.name)}</span>
          ) : null}
          <span className="px-1 py-0.5 text-muted">{t('live.messages', { count: conversation.messages })}</span>
        </span>
      </button>
    </li>
  );
}

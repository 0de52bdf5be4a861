import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useConversation, useVisitorConversations } from '../api/use-deployment';

/** One visitor conversation, read whole: the visitor's questions and the Spark's answers. */
function ConversationReader({ conversationId, onBack }: { conversationId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const conversation = useConversation(conversationId);
  return (
    <div className="space-y-3">
      <button type="button" onClick={onBack} className="text-sm font-medium text-primary hover:underline">
        ← {t('deploy.conversations.back')}
      </button>
      {conversation.isPending ? (
        <Spinner label={t('deploy.conversations.loading')} />
      ) : conversation.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('deploy.conversations.loadFailed')}
        </p>
      ) : (
        <ol className="space-y-2" aria-label={t('deploy.conversations.messages')}>
          {conversation.data.messages.map((message, index) => (
            <li
              key={index}
              className={`rounded-lg px-3 py-2 text-sm ${message.type === 'human' ? 'ml-6 bg-primary-soft' : 'mr-6 border border-line bg-white'}`}
            >
              <span className="block text-xs font-semibold text-muted">
                {message.type === 'human' ? t('deploy.conversations.visitor') : t('deploy.conversations.spark')}
              </span>
              <span className="whitespace-pre-wrap break-words">{message.data.content}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** What website visitors asked the Spark: searched, listed newest first, opened one at a time. */
export function VisitorConversations({ sparkId }: { sparkId: string }) {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [reading, setReading] = useState<string | null>(null);
  const list = useVisitorConversations(sparkId, q);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (reading) return <ConversationReader conversationId={reading} onBack={() => setReading(null)} />;
  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-3">
      <h3 id={`${searchId}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.conversations.title')}
      </h3>
      <label htmlFor={searchId} className="sr-only">
        {t('deploy.conversations.search')}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        maxLength={200}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('deploy.conversations.search')}
        className="min-h-10 w-full rounded-lg border border-line px-3 text-sm focus:outline-2 focus:outline-primary"
      />
      {list.isPending ? (
        <Spinner label={t('deploy.conversations.loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('deploy.conversations.loadFailed')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">{q ? t('deploy.conversations.noMatch') : t('deploy.conversations.empty')}</p>
      ) : (
        <ul className="space-y-2" aria-busy={list.isFetching}>
          {list.data.map((conversation) => (
            <li key={conversation.id}>
              <button
                type="button"
                onClick={() => setReading(conversation.id)}
                className="w-full rounded-lg border border-line bg-white px-3 py-2 text-left hover:border-primary"
              >
                <span className="block truncate text-sm font-medium text-ink">{conversation.preview || t('deploy.conversations.untitled')}</span>
                <span className="block text-xs text-muted">
                  {date.format(new Date(conversation.updatedAt))} · {t('deploy.conversations.count', { count: conversation.messages })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

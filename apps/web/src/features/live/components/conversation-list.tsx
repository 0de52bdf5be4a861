import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveConversations } from '../api/live-calls';
import { ConversationItem } from './conversation-item';

interface ConversationListProps {
  sparkId: string;
  selectedId: string | null;
  onSelect(id: string): void;
}

/** The Spark's conversations of the last 30 minutes, newest first; the screen's stream keeps them current. */
export function ConversationList({ sparkId, selectedId, onSelect }: ConversationListProps) {
  const { t } = useTranslation();
  const conversations = useLiveConversations(sparkId);
  if (conversations.isPending) {
    return (
      <div className="flex justify-center p-6 text-primary">
        <Spinner label={t('live.loading')} className="size-6" />
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <div className="flex flex-col items-start gap-2 p-4">
        <Alert tone="error">{t('live.loadError')}</Alert>
        <Button variant="ghost" onClick={() => void conversations.refetch()}>
          {t('live.retry')}
        </Button>
      </div>
    );
  }
  if (conversations.data.length === 0) {
    return (
      <div className="p-6 text-center" data-testid="live-empty">
        <p className="font-medium">{t('live.empty')}</p>
        <p className="mt-1 text-sm text-muted">{t('live.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('live.listLabel')} data-testid="live-list">
      {conversations.data.map((conversation) => (
        <ConversationItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} onSelect={onSelect} />
      ))}
    </ul>
  );
}

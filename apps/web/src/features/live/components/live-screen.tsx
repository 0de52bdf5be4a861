import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSparkEvents } from '../api/use-spark-events';
import { notifyPerson } from '../person-notifications';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import type { LiveAnswerView } from './live-bubble';
import { HandoffEmailsToggle } from './handoff-emails-toggle';
import { NotifyButton } from './notify-button';

interface LiveScreenProps {
  sparkId: string;
  /** The conversation open, from the address; null shows the list alone on a phone. */
  conversationId: string | null;
  onOpen(conversationId: string | null): void;
  /** A Spark's answer with its sources, as the screen composing this one shows answers. */
  answer: LiveAnswerView;
  /** The member's choice of e-mails when a visitor asks for a person; undefined when their role does not handle Live. */
  handoffEmails?: boolean | undefined;
}

/**
 * The owner's Live view: the conversations of the last 30 minutes and the one open. From 1140 px
 * they sit side by side; below, the list fills the screen until a conversation opens over it.
 */
export function LiveScreen({ sparkId, conversationId, onOpen, answer, handoffEmails }: LiveScreenProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  const status = useSparkEvents(sparkId, (id) => {
    setAsking(id);
    notifyPerson(t, id, () => onOpen(id));
  });
  const open = conversationId !== null;
  // The alert's work is done once its conversation is open.
  return (
    <div className="flex h-full min-h-0 flex-col min-[1140px]:flex-row" data-testid="live-screen">
      <aside
        className={`min-h-0 flex-col border-line bg-white min-[1140px]:flex min-[1140px]:w-[380px] min-[1140px]:flex-none min-[1140px]:border-r ${open ? 'hidden' : 'flex flex-1'}`}
      >
        <div className="flex flex-col gap-2 border-b border-line p-3">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold">{t('live.listTitle')}</h2>
            {status === 'reconnecting' ? (
              <span role="status" className="text-xs text-amber-800">
                {t('live.reconnecting')}
              </span>
            ) : null}
          </div>
          <NotifyButton />
          {handoffEmails !== undefined && <HandoffEmailsToggle enabled={handoffEmails} />}
          {asking && asking !== conversationId ? (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
              data-testid="live-person-alert"
            >
              <span className="flex-1">{t('live.personAlert')}</span>
              <Button
                className="min-h-8 px-3"
                onClick={() => {
                  onOpen(asking);
                  setAsking(null);
                }}
              >
                {t('live.showConversation')}
              </Button>
              <Button variant="ghost" className="min-h-8 px-3" onClick={() => setAsking(null)}>
                {t('live.dismiss')}
              </Button>
            </div>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList sparkId={sparkId} selectedId={conversationId} onSelect={onOpen} />
        </div>
      </aside>
      <div className={`min-h-0 flex-1 flex-col ${open ? 'flex' : 'hidden min-[1140px]:flex'}`}>
        {conversationId ? (
          <ConversationView key={conversationId} sparkId={sparkId} conversationId={conversationId} onBack={() => onOpen(null)} answer={answer} />
        ) : (
          <p className="m-auto p-6 text-center text-muted">{t('live.pickOne')}</p>
        )}
      </div>
    </div>
  );
}

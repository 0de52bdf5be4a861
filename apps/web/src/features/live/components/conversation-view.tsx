import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { LineIcon } from '../../../components/ui/line-icon';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveTranscript } from '../api/live-calls';
import { useConversationStream } from '../api/use-conversation-stream';
import { languageName } from '../live-format';
import { ConversationControls } from './conversation-controls';
import { LiveBubble, type LiveAnswerView } from './live-bubble';
import { SaveAnswerButton } from './save-answer-button';

interface ConversationViewProps {
  sparkId: string;
  conversationId: string;
  onBack(): void;
  /** A Spark's answer with its sources. */
  answer: LiveAnswerView;
}

/** One conversation as it happens, with taking over, writing and handing back. */
export function ConversationView({ sparkId, conversationId, onBack, answer }: ConversationViewProps) {
  const { t } = useTranslation();
  const transcript = useLiveTranscript(sparkId, conversationId);
  const { thread, status, visitorTyping } = useConversationStream(sparkId, conversationId, transcript.data);
  const end = useRef<HTMLDivElement>(null);
  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, visitorTyping]);

  const language = transcript.data ? languageName(t, transcript.data.conversation.language) : '';
  return (
    <section className="flex h-full min-h-0 flex-col" aria-labelledby="live-conversation-title" data-testid="live-conversation-view">
      <header className="flex items-center gap-2 border-b border-line bg-white px-3 py-2">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg hover:bg-primary-soft min-[1140px]:hidden"
          aria-label={t('live.backToList')}
        >
          <LineIcon className="size-5" d="M15 18l-6-6 6-6" />
        </button>
        <h2 id="live-conversation-title" className="flex-1 truncate font-semibold">
          {t('live.conversationTitle', { language })}
        </h2>
        {status === 'reconnecting' ? (
          <span role="status" className="flex items-center gap-1.5 text-xs text-amber-800" data-testid="live-reconnecting">
            <span className="size-3 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />
            {t('live.reconnecting')}
          </span>
        ) : null}
      </header>
      {transcript.isError ? (
        <div className="p-4">
          <Alert tone="error">{t('live.transcriptError')}</Alert>
        </div>
      ) : !thread ? (
        <div className="flex flex-1 justify-center p-6 text-primary">
          <Spinner label={t('live.loading')} className="size-6" />
        </div>
      ) : (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto bg-canvas px-3 py-4">
            <ol role="log" aria-live="polite" aria-relevant="additions" aria-label={t('live.transcriptLabel')} className="flex flex-col gap-3">
              {thread.messages.map((message) => (
                <LiveBubble
                  key={message.seq}
                  message={message}
                  answer={answer}
                  action={message.role === 'owner' ? <SaveAnswerButton sparkId={sparkId} conversationId={conversationId} seq={message.seq} /> : undefined}
                />
              ))}
            </ol>
            {visitorTyping ? (
              <p className="mt-3 text-xs text-muted italic" role="status" data-testid="live-typing">
                {t('live.typing')}
              </p>
            ) : null}
            <div ref={end} />
          </div>
          {status === 'failed' ? (
            <div className="p-3">
              <Alert tone="warning">{t('live.streamFailed')}</Alert>
            </div>
          ) : null}
          <ConversationControls sparkId={sparkId} conversationId={conversationId} takenOver={thread.takenOver} />
        </>
      )}
    </section>
  );
}

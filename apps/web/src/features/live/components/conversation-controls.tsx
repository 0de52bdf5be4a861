import type { Takeover } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useLiveActions } from '../api/live-calls';
import { takenOverLabel } from '../live-format';
import { LiveComposer } from './live-composer';
import { TakeOverForm } from './take-over-form';

interface ConversationControlsProps {
  sparkId: string;
  conversationId: string;
  takenOver: Takeover | null;
}

/** Below the transcript: "Take over" while the Spark answers, then the composer and "Hand back". */
export function ConversationControls({ sparkId, conversationId, takenOver }: ConversationControlsProps) {
  const { t } = useTranslation();
  const actions = useLiveActions(sparkId, conversationId);
  const failed = actions.takeOver.error ?? actions.handBack.error ?? actions.send.error;
  return (
    <div className="flex flex-col gap-2">
      {failed ? (
        <div className="px-3 pt-2">
          <Alert tone="error">{t('live.actionFailed', { message: failed.message })}</Alert>
        </div>
      ) : null}
      {takenOver ? (
        <div className="flex flex-col gap-2 border-t border-line bg-white p-3" data-testid="live-taken-over">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink/80">
              <span className="font-medium">{takenOverLabel(t, takenOver.name)}</span>
              <span className="block text-xs text-muted">{t('live.quietBack', { count: takenOver.handBackMinutes })}</span>
            </p>
            <Button variant="ghost" className="border border-black/20" disabled={actions.handBack.isPending} onClick={() => actions.handBack.mutate()}>
              {actions.handBack.isPending ? t('live.handingBack') : t('live.handBack')}
            </Button>
          </div>
          <LiveComposer sending={actions.send.isPending} onSend={(text) => actions.send.mutateAsync(text)} onTyping={() => void actions.typing()} />
        </div>
      ) : (
        <TakeOverForm pending={actions.takeOver.isPending} onTakeOver={(minutes) => actions.takeOver.mutate(minutes)} />
      )}
    </div>
  );
}

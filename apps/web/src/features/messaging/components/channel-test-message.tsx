import type { MessagingChannel } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';
import { problemText } from '../problem-text';

interface ChannelTestMessageProps {
  channel: MessagingChannel;
  sending: boolean;
  sent: boolean;
  error: Error | null;
  onSend: () => void;
}

/**
 * One message to whoever last wrote to the Page or the bot: a Page or bot cannot start a conversation,
 * so the owner writes first from their own account, and the test proves the token works both ways.
 */
export function ChannelTestMessage({ channel, sending, sent, error, onSend }: ChannelTestMessageProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const { platform } = channel;
  const status = (error as ApiError | null)?.status;
  // Nobody has written yet (409): the owner's next step, in their words. A refusal (502) is the
  // channel's last problem, read again after the test.
  const failure = !error
    ? null
    : status === 409
      ? t(`messaging.${platform}.test.nobodyYet`)
      : status === 502 && channel.lastProblem
        ? problemText(t, platform, channel.lastProblem)
        : error.message;
  return (
    <div className="space-y-2" data-testid={`${platform}-test`}>
      <p id={hintId} className="text-sm text-muted">
        {t(`messaging.${platform}.test.hint`)}
      </p>
      <Button variant="ghost" className="border border-line" aria-describedby={hintId} disabled={sending} onClick={onSend}>
        {sending ? t('messaging.test.sending') : t('messaging.test.send')}
      </Button>
      {sent && !sending && <Alert tone="success">{t(`messaging.${platform}.test.sent`)}</Alert>}
      {failure && !sending && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}

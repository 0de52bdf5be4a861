import type { MessagingChannel } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';

/** The host of the webhook's address as the owner reads it in the address bar (with its port). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Meta and Telegram only call public https addresses: when the webhook is on this machine's own
 * address, a private network's or plain http (the server's `callbackProblem`), the card says so
 * before the owner waits for messages that cannot come.
 */
export function ChannelCallbackWarning({ id, channel }: { id: string; channel: Pick<MessagingChannel, 'platform' | 'webhookUrl' | 'callbackProblem'> }) {
  const { t } = useTranslation();
  if (!channel.callbackProblem || !channel.webhookUrl) return null;
  return (
    <div id={id} data-testid={`${channel.platform}-callback-warning`}>
      <Alert tone="warning">
        <strong className="block font-semibold">{t(`messaging.${channel.platform}.callbackProblem.title`)}</strong>{' '}
        {t(`messaging.${channel.platform}.callbackProblem.${channel.callbackProblem}`, { host: hostOf(channel.webhookUrl) })}
      </Alert>
    </div>
  );
}

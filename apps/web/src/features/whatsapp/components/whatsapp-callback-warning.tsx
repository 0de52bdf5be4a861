import type { WhatsappChannel } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';

/** The host of the Callback URL as the owner reads it in the address bar (with its port). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Meta only calls public https addresses: when the Callback URL is on this machine's own address,
 * a private network's or plain http (the server's `callbackProblem`), the card says so before the
 * owner pastes it into Meta and waits for messages that cannot come.
 */
export function WhatsappCallbackWarning({ id, channel }: { id: string; channel: Pick<WhatsappChannel, 'webhookUrl' | 'callbackProblem'> }) {
  const { t } = useTranslation();
  if (!channel.callbackProblem || !channel.webhookUrl) return null;
  return (
    <div id={id} data-testid="whatsapp-callback-warning">
      <Alert tone="warning">
        <strong className="block font-semibold">{t('whatsapp.callbackProblem.title')}</strong>{' '}
        {t(`whatsapp.callbackProblem.${channel.callbackProblem}`, { host: hostOf(channel.webhookUrl) })}
      </Alert>
    </div>
  );
}

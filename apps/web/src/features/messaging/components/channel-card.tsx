import type { MessagingChannel, MessagingPlatform } from '@sparks/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useMessaging, useMessagingMutations, type MessagingMutations } from '../api/use-messaging';

interface ChannelCardProps<P extends MessagingPlatform> {
  sparkId: string;
  platform: P;
  /** The connected channel: who it answers as, what to paste, its health and controls. */
  connected: (channel: MessagingChannel, mutations: MessagingMutations<P>) => ReactNode;
  /** The guide and form shown until the channel is connected. */
  setup: (mutations: MessagingMutations<P>) => ReactNode;
}

/** A platform's card in the deploy panel: its title, loading and error states, then the setup or the connected channel. */
export function ChannelCard<P extends MessagingPlatform>({ sparkId, platform, connected, setup }: ChannelCardProps<P>) {
  const { t } = useTranslation();
  const titleId = useId();
  const channel = useMessaging(sparkId, platform);
  const mutations = useMessagingMutations(sparkId, platform);
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid={`${platform}-card`}>
      <h3 id={titleId} className="text-sm font-semibold text-ink">
        {t(`messaging.${platform}.title`)}
      </h3>
      {channel.isPending ? (
        <Spinner label={t(`messaging.${platform}.loading`)} />
      ) : channel.isError ? (
        <Alert tone="error">{t(`messaging.${platform}.loadFailed`)}</Alert>
      ) : channel.data.connected ? (
        connected(channel.data, mutations)
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t(`messaging.${platform}.intro`)}</p>
          {mutations.disconnect.isSuccess && <Alert tone="success">{t(`messaging.${platform}.disconnect.done`)}</Alert>}
          {setup(mutations)}
        </div>
      )}
    </section>
  );
}

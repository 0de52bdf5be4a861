import { connectTelegramBodySchema, type ConnectTelegramBody, type MessagingChannel } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { ApiError } from '../../../lib/api-client';
import { useMessaging, useMessagingMutations, type MessagingMutations } from '../api/use-messaging';
import { ChannelCallbackWarning } from './channel-callback-warning';
import { ChannelConnectForm, type ConnectField } from './channel-connect-form';
import { ChannelManage } from './channel-manage';
import { ChannelStatus } from './channel-status';
import { ChannelSwitch } from './channel-switch';
import { ChannelTestMessage } from './channel-test-message';
import { GuideSteps } from './guide-steps';

const FIELDS: readonly ConnectField<keyof ConnectTelegramBody>[] = [{ name: 'botToken', secret: true, maxLength: 140 }];

const CONNECT_STEPS = ['botFather', 'newBot', 'paste'].map((item) => `messaging.telegram.guide.${item}`);

type Mutations = MessagingMutations<'telegram'>;

/** A connected bot: who it is (and a link to open it), whether messages flow, and the owner's controls. */
function ConnectedTelegram({ channel, mutations }: { channel: MessagingChannel; mutations: Mutations }) {
  const { t } = useTranslation();
  const warningId = useId();
  const { connect, setPaused, setAllowGroups, sendTest, disconnect } = mutations;
  // Telegram usernames are letters, digits and underscores; the leading @ is how people say them, not part of the link.
  const username = (channel.name ?? '').replace(/^@/, '');
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="break-words text-sm text-ink">{t('messaging.telegram.connectedTo', { name: username || channel.accountId })}</p>
        {username && (
          <a
            href={`https://t.me/${encodeURIComponent(username)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block max-w-full py-2 text-sm font-medium text-primary underline underline-offset-2 wrap-anywhere"
          >
            {t('messaging.telegram.open', { name: username })}
            <span className="sr-only"> {t('messaging.opensInNewTab')}</span>
          </a>
        )}
      </div>
      <ChannelCallbackWarning id={warningId} channel={channel} />
      <ChannelStatus channel={channel} />
      <ChannelSwitch
        label={t('messaging.telegram.pause.label')}
        onHint={t('messaging.pause.on')}
        offHint={t('messaging.pause.off')}
        on={!channel.paused}
        saving={setPaused.isPending}
        onChange={(on) => setPaused.mutate(!on)}
        testId="telegram-pause"
      />
      {setPaused.isError && <Alert tone="error">{setPaused.error.message}</Alert>}
      <ChannelSwitch
        label={t('messaging.telegram.groups.label')}
        onHint={t('messaging.telegram.groups.on')}
        offHint={t('messaging.telegram.groups.off')}
        on={channel.allowGroups}
        saving={setAllowGroups.isPending}
        onChange={(on) => setAllowGroups.mutate(on)}
        testId="telegram-groups"
      />
      {setAllowGroups.isError && <Alert tone="error">{setAllowGroups.error.message}</Alert>}
      <ChannelTestMessage channel={channel} sending={sendTest.isPending} sent={sendTest.isSuccess} error={sendTest.error} onSend={() => sendTest.mutate()} />
      <ChannelManage
        platform="telegram"
        form={(close) => (
          <ChannelConnectForm
            platform="telegram"
            fields={FIELDS}
            schema={connectTelegramBodySchema}
            replacing
            saving={connect.isPending}
            error={(connect.error as ApiError | null) ?? null}
            onSubmit={(body) => connect.mutate(body, { onSuccess: () => close(true) })}
            onCancel={() => {
              connect.reset();
              close(false);
            }}
          />
        )}
        disconnecting={disconnect.isPending}
        disconnectError={disconnect.error}
        onDisconnect={() => disconnect.mutate()}
      />
    </div>
  );
}

/** The Spark as a Telegram bot: BotFather's steps and the token until connected, then the channel. */
export function TelegramCard({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const channel = useMessaging(sparkId, 'telegram');
  const mutations = useMessagingMutations(sparkId, 'telegram');
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="telegram-card">
      <h3 id={titleId} className="text-sm font-semibold text-ink">
        {t('messaging.telegram.title')}
      </h3>
      {channel.isPending ? (
        <Spinner label={t('messaging.telegram.loading')} />
      ) : channel.isError ? (
        <Alert tone="error">{t('messaging.telegram.loadFailed')}</Alert>
      ) : channel.data.connected ? (
        <ConnectedTelegram channel={channel.data} mutations={mutations} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t('messaging.telegram.intro')}</p>
          {mutations.disconnect.isSuccess && <Alert tone="success">{t('messaging.telegram.disconnect.done')}</Alert>}
          <GuideSteps title="messaging.telegram.guide.title" items={CONNECT_STEPS} />
          <ChannelConnectForm
            platform="telegram"
            fields={FIELDS}
            schema={connectTelegramBodySchema}
            saving={mutations.connect.isPending}
            error={(mutations.connect.error as ApiError | null) ?? null}
            onSubmit={(body) => mutations.connect.mutate(body)}
          />
        </div>
      )}
    </section>
  );
}

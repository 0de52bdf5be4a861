import { connectMetaBodySchema, META_HUMAN_AGENT_DAYS, META_WINDOW_HOURS, type ConnectMetaBody, type MessagingChannel } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { CopyBlock } from '../../../components/ui/copy-block';
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

const FIELDS: readonly ConnectField<keyof ConnectMetaBody>[] = [
  { name: 'pageId', numeric: true, maxLength: 25 },
  { name: 'pageAccessToken', secret: true, maxLength: 2048 },
  { name: 'appSecret', secret: true, maxLength: 64 },
];

/** Where each value is found in Meta for Developers, then what to paste in the webhook settings once connected. */
const CONNECT_STEPS = ['app', 'token', 'secret', 'instagram', 'paste'].map((item) => `messaging.meta.guide.${item}`);
const WEBHOOK_STEPS = ['callback', 'subscribe', 'instagramWebhook'].map((item) => `messaging.meta.guide.${item}`);

type Mutations = MessagingMutations<'meta'>;

/** Who the Spark answers as: the Page, and its Instagram account when one is linked (or how to link it). */
function ConnectedAs({ channel }: { channel: MessagingChannel }) {
  const { t } = useTranslation();
  const page = { name: channel.name ?? channel.accountId ?? '', id: channel.accountId ?? '' };
  if (!channel.instagram) {
    return (
      <>
        <p className="break-words text-sm text-ink">{t('messaging.meta.connectedTo', page)}</p>
        <p className="text-sm text-muted">{t('messaging.meta.noInstagram')}</p>
      </>
    );
  }
  const { username, id } = channel.instagram;
  return (
    <p className="break-words text-sm text-ink">
      {username
        ? t('messaging.meta.connectedWithInstagram', { ...page, username })
        : t('messaging.meta.connectedWithInstagramId', { ...page, instagramId: id })}
    </p>
  );
}

/** A connected Page: what Meta's webhook settings need, whether messages flow, and the owner's controls. */
function ConnectedMeta({ channel, mutations }: { channel: MessagingChannel; mutations: Mutations }) {
  const { t } = useTranslation();
  const warningId = useId();
  const { connect, setPaused, sendTest, disconnect } = mutations;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <ConnectedAs channel={channel} />
      </div>
      <p className="text-sm text-muted">{t('messaging.meta.window', { hours: META_WINDOW_HOURS, days: META_HUMAN_AGENT_DAYS })}</p>
      <GuideSteps title="messaging.meta.guide.webhookTitle" items={WEBHOOK_STEPS} />
      <CopyBlock
        value={channel.webhookUrl ?? ''}
        label={t('messaging.meta.callbackUrl')}
        copyText={t('messaging.meta.copyCallbackUrl')}
        describedBy={channel.callbackProblem ? warningId : undefined}
      />
      <ChannelCallbackWarning id={warningId} channel={channel} />
      <CopyBlock value={channel.verifyToken ?? ''} label={t('messaging.meta.verifyToken')} copyText={t('messaging.meta.copyVerifyToken')} />
      <ChannelStatus channel={channel} />
      <ChannelSwitch
        label={t('messaging.meta.pause.label')}
        onHint={t('messaging.pause.on')}
        offHint={t('messaging.pause.off')}
        on={!channel.paused}
        saving={setPaused.isPending}
        onChange={(on) => setPaused.mutate(!on)}
        testId="meta-pause"
      />
      {setPaused.isError && <Alert tone="error">{setPaused.error.message}</Alert>}
      <ChannelTestMessage channel={channel} sending={sendTest.isPending} sent={sendTest.isSuccess} error={sendTest.error} onSend={() => sendTest.mutate()} />
      <ChannelManage
        platform="meta"
        form={(close) => (
          <ChannelConnectForm
            platform="meta"
            fields={FIELDS}
            schema={connectMetaBodySchema}
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

/** The Spark on a Facebook Page's Messenger and its Instagram account: a guide and form until connected, then the channel. */
export function MetaCard({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const channel = useMessaging(sparkId, 'meta');
  const mutations = useMessagingMutations(sparkId, 'meta');
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="meta-card">
      <h3 id={titleId} className="text-sm font-semibold text-ink">
        {t('messaging.meta.title')}
      </h3>
      {channel.isPending ? (
        <Spinner label={t('messaging.meta.loading')} />
      ) : channel.isError ? (
        <Alert tone="error">{t('messaging.meta.loadFailed')}</Alert>
      ) : channel.data.connected ? (
        <ConnectedMeta channel={channel.data} mutations={mutations} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t('messaging.meta.intro')}</p>
          {mutations.disconnect.isSuccess && <Alert tone="success">{t('messaging.meta.disconnect.done')}</Alert>}
          <GuideSteps title="messaging.meta.guide.connectTitle" items={CONNECT_STEPS} />
          <ChannelConnectForm
            platform="meta"
            fields={FIELDS}
            schema={connectMetaBodySchema}
            saving={mutations.connect.isPending}
            error={(mutations.connect.error as ApiError | null) ?? null}
            onSubmit={(body) => mutations.connect.mutate(body)}
          />
          <GuideSteps title="messaging.meta.guide.webhookTitle" items={WEBHOOK_STEPS} />
        </div>
      )}
    </section>
  );
}

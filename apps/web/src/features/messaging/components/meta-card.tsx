import { connectMetaBodySchema, META_HUMAN_AGENT_DAYS, META_WINDOW_HOURS, type ConnectMetaBody, type MessagingChannel } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyBlock } from '../../../components/ui/copy-block';
import type { ApiError } from '../../../lib/api-client';
import type { MessagingMutations } from '../api/use-messaging';
import { ChannelCard } from './channel-card';
import { ChannelControls } from './channel-controls';
import { ChannelCallbackWarning } from './channel-callback-warning';
import { ChannelConnectForm, type ConnectField } from './channel-connect-form';
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
      <ChannelControls platform="meta" channel={channel} mutations={mutations} fields={FIELDS} schema={connectMetaBodySchema} />
    </div>
  );
}

/** The Spark on a Facebook Page's Messenger and its Instagram account: a guide and form until connected, then the channel. */
export function MetaCard({ sparkId }: { sparkId: string }) {
  return (
    <ChannelCard
      sparkId={sparkId}
      platform="meta"
      connected={(channel, mutations) => <ConnectedMeta channel={channel} mutations={mutations} />}
      setup={(mutations) => (
        <>
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
        </>
      )}
    />
  );
}

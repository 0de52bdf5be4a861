import { connectTelegramBodySchema, type ConnectTelegramBody, type MessagingChannel } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import type { ApiError } from '../../../lib/api-client';
import type { MessagingMutations } from '../api/use-messaging';
import { ChannelCard } from './channel-card';
import { ChannelControls } from './channel-controls';
import { ChannelCallbackWarning } from './channel-callback-warning';
import { ChannelConnectForm, type ConnectField } from './channel-connect-form';
import { LabelledSwitch } from '../../../components/ui/labelled-switch';
import { GuideSteps } from './guide-steps';

const FIELDS: readonly ConnectField<keyof ConnectTelegramBody>[] = [{ name: 'botToken', secret: true, maxLength: 140 }];

const CONNECT_STEPS = ['botFather', 'newBot', 'paste'].map((item) => `messaging.telegram.guide.${item}`);

type Mutations = MessagingMutations<'telegram'>;

/** A connected bot: who it is (and a link to open it), whether messages flow, and the owner's controls. */
function ConnectedTelegram({ channel, mutations }: { channel: MessagingChannel; mutations: Mutations }) {
  const { t } = useTranslation();
  const warningId = useId();
  const { setAllowGroups } = mutations;
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
      <ChannelControls platform="telegram" channel={channel} mutations={mutations} fields={FIELDS} schema={connectTelegramBodySchema}>
        <LabelledSwitch
          label={t('messaging.telegram.groups.label')}
          onHint={t('messaging.telegram.groups.on')}
          offHint={t('messaging.telegram.groups.off')}
          on={channel.allowGroups}
          saving={setAllowGroups.isPending}
          onChange={(on) => setAllowGroups.mutate(on)}
          testId="telegram-groups"
        />
        {setAllowGroups.isError && <Alert tone="error">{setAllowGroups.error.message}</Alert>}
      </ChannelControls>
    </div>
  );
}

/** The Spark as a Telegram bot: BotFather's steps and the token until connected, then the channel. */
export function TelegramCard({ sparkId }: { sparkId: string }) {
  return (
    <ChannelCard
      sparkId={sparkId}
      platform="telegram"
      connected={(channel, mutations) => <ConnectedTelegram channel={channel} mutations={mutations} />}
      setup={(mutations) => (
        <>
          <GuideSteps title="messaging.telegram.guide.title" items={CONNECT_STEPS} />
          <ChannelConnectForm
            platform="telegram"
            fields={FIELDS}
            schema={connectTelegramBodySchema}
            saving={mutations.connect.isPending}
            error={(mutations.connect.error as ApiError | null) ?? null}
            onSubmit={(body) => mutations.connect.mutate(body)}
          />
        </>
      )}
    />
  );
}

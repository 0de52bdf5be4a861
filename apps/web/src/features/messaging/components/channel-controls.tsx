import type { MessagingChannel, MessagingPlatform } from '@sparks/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import type { ApiError } from '../../../lib/api-client';
import type { ConnectBody, MessagingMutations } from '../api/use-messaging';
import { ChannelConnectForm, type ConnectField } from './channel-connect-form';
import { ChannelManage } from './channel-manage';
import { ChannelStatus } from './channel-status';
import { LabelledSwitch } from '../../../components/ui/labelled-switch';
import { ChannelTestMessage } from './channel-test-message';

interface ChannelControlsProps<P extends MessagingPlatform> {
  platform: P;
  channel: MessagingChannel;
  mutations: MessagingMutations<P>;
  fields: readonly ConnectField<keyof ConnectBody<P> & string>[];
  schema: z.ZodType<ConnectBody<P>>;
  /** The platform's own settings, after the pause switch (Telegram's groups). */
  children?: ReactNode;
}

/** A connected channel's health and the owner's controls: status, pause, the platform's settings, test message, replace and disconnect. */
export function ChannelControls<P extends MessagingPlatform>({ platform, channel, mutations, fields, schema, children }: ChannelControlsProps<P>) {
  const { t } = useTranslation();
  const { connect, setPaused, sendTest, disconnect } = mutations;
  return (
    <>
      <ChannelStatus channel={channel} />
      <LabelledSwitch
        label={t(`messaging.${platform}.pause.label`)}
        onHint={t('messaging.pause.on')}
        offHint={t('messaging.pause.off')}
        on={!channel.paused}
        saving={setPaused.isPending}
        onChange={(on) => setPaused.mutate(!on)}
        testId={`${platform}-pause`}
      />
      {setPaused.isError && <Alert tone="error">{setPaused.error.message}</Alert>}
      {children}
      <ChannelTestMessage channel={channel} sending={sendTest.isPending} sent={sendTest.isSuccess} error={sendTest.error} onSend={() => sendTest.mutate()} />
      <ChannelManage
        platform={platform}
        form={(close) => (
          <ChannelConnectForm
            platform={platform}
            fields={fields}
            schema={schema}
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
    </>
  );
}

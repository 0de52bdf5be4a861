import type { WhatsappChannel } from '@sparks/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { CopyBlock } from '../../../components/ui/copy-block';
import { Spinner } from '../../../components/ui/spinner';
import type { ApiError } from '../../../lib/api-client';
import { useWhatsapp, useWhatsappMutations } from '../api/use-whatsapp';
import { WhatsappCallbackWarning } from './whatsapp-callback-warning';
import { WhatsappConnectForm } from './whatsapp-connect-form';
import { WhatsappGuide } from './whatsapp-guide';
import { WhatsappPauseSwitch } from './whatsapp-pause-switch';
import { WhatsappStatus } from './whatsapp-status';
import { WhatsappTestMessage } from './whatsapp-test-message';
import { problemText } from '../problem-text';

type Mutations = ReturnType<typeof useWhatsappMutations>;

/** A connected channel: what Meta's webhook settings need, whether messages flow, and the owner's controls. */
function ConnectedChannel({ channel, mutations }: { channel: WhatsappChannel; mutations: Mutations }) {
  const { t } = useTranslation();
  const warningId = useId();
  const { connect, setPaused, sendTest, disconnect } = mutations;
  const [replacing, setReplacing] = useState(false);
  // Said once after a replacement, not after the first connection (the same call).
  const [replaced, setReplaced] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('whatsapp.connectedAs', { id: channel.phoneNumberId ?? '' })}</p>
      <WhatsappGuide step="webhook" />
      <CopyBlock
        value={channel.webhookUrl ?? ''}
        label={t('whatsapp.callbackUrl')}
        copyText={t('whatsapp.copyCallbackUrl')}
        describedBy={channel.callbackProblem ? warningId : undefined}
      />
      <WhatsappCallbackWarning id={warningId} channel={channel} />
      <CopyBlock value={channel.verifyToken ?? ''} label={t('whatsapp.verifyToken')} copyText={t('whatsapp.copyVerifyToken')} />
      <WhatsappStatus channel={channel} />
      <WhatsappPauseSwitch paused={channel.paused} saving={setPaused.isPending} onChange={(paused) => setPaused.mutate(paused)} />
      {setPaused.isError && <Alert tone="error">{setPaused.error.message}</Alert>}
      <WhatsappTestMessage
        sending={sendTest.isPending}
        sent={sendTest.isSuccess}
        // Meta's refusal (502) is the channel's last problem, read again after the test: shown in the owner's words.
        error={
          sendTest.error
            ? (sendTest.error as ApiError).status === 502 && channel.lastProblem
              ? problemText(t, channel.lastProblem)
              : sendTest.error.message
            : null
        }
        onSend={(to) => sendTest.mutate(to)}
      />
      {replacing ? (
        <div className="space-y-2 rounded-lg border border-line bg-white p-3">
          <p className="text-sm text-muted">{t('whatsapp.replaceHint')}</p>
          <WhatsappConnectForm
            replacing
            saving={connect.isPending}
            error={(connect.error as ApiError | null) ?? null}
            onSubmit={(body) =>
              connect.mutate(body, {
                onSuccess: () => {
                  setReplacing(false);
                  setReplaced(true);
                },
              })
            }
            onCancel={() => {
              connect.reset();
              setReplacing(false);
            }}
          />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            className="border border-line"
            onClick={() => {
              setReplaced(false);
              setReplacing(true);
            }}
          >
            {t('whatsapp.replace')}
          </Button>
        </div>
      )}
      {replaced && <Alert tone="success">{t('whatsapp.replaced')}</Alert>}
      <ConfirmInPlace
        label={t('whatsapp.disconnect.button')}
        warning={t('whatsapp.disconnect.warning')}
        confirmLabel={t('whatsapp.disconnect.confirm')}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
      {disconnect.isError && <Alert tone="error">{disconnect.error.message}</Alert>}
    </div>
  );
}

/** The Spark on a WhatsApp Business number: a guide and form until connected, then the channel's settings and health. */
export function WhatsappCard({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const channel = useWhatsapp(sparkId);
  const mutations = useWhatsappMutations(sparkId);
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="whatsapp-card">
      <h3 id={titleId} className="text-sm font-semibold text-ink">
        {t('whatsapp.title')}
      </h3>
      {channel.isPending ? (
        <Spinner label={t('whatsapp.loading')} />
      ) : channel.isError ? (
        <Alert tone="error">{t('whatsapp.loadFailed')}</Alert>
      ) : channel.data.connected ? (
        <ConnectedChannel channel={channel.data} mutations={mutations} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t('whatsapp.intro')}</p>
          {mutations.disconnect.isSuccess && <Alert tone="success">{t('whatsapp.disconnect.done')}</Alert>}
          <WhatsappGuide step="connect" />
          <WhatsappConnectForm
            saving={mutations.connect.isPending}
            error={(mutations.connect.error as ApiError | null) ?? null}
            onSubmit={(body) => mutations.connect.mutate(body)}
          />
          <WhatsappGuide step="webhook" />
        </div>
      )}
    </section>
  );
}

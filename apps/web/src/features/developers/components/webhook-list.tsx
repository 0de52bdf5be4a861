import type { WebhookEndpoint, WebhookWithSecret } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmptyNote } from '../../../components/ui/empty-note';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { LabelledSwitch } from '../../../components/ui/labelled-switch';
import { refusalText } from '../../../lib/refusal-text';
import { useWebhookActions } from '../api/use-webhooks';
import { DEVELOPERS_REFUSALS } from '../developer-rules';
import { WebhookDeliveries } from './webhook-deliveries';

/** The account's endpoints: the events each wants, on or off, its secret rotated, its delivery log, removing it. */
export function WebhookList({ endpoints, onSecret }: { endpoints: WebhookEndpoint[]; onSecret: (shown: WebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const { update, rotate, remove } = useWebhookActions();
  const [open, setOpen] = useState<string | null>(null);
  const failed = update.error ?? rotate.error ?? remove.error;
  return (
    <section aria-labelledby="webhooks-title" className="space-y-3">
      <h2 id="webhooks-title" className="text-base font-semibold">
        {t('developers.webhooks.title')}
      </h2>
      <p className="text-sm text-muted">{t('developers.webhooks.intro')}</p>
      {failed && <Alert tone="error">{refusalText(failed, DEVELOPERS_REFUSALS, t)}</Alert>}
      {endpoints.length === 0 ? (
        <EmptyNote>{t('developers.webhooks.empty')}</EmptyNote>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="webhooks">
          {endpoints.map((endpoint) => (
            <li key={endpoint._id} className="space-y-3 p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-mono text-sm text-ink [overflow-wrap:anywhere]">{endpoint.url}</p>
                  <p className="text-sm text-muted">{endpoint.events.map((name) => t(`developers.webhooks.eventNames.${name}`)).join(' · ')}</p>
                  <p className="font-mono text-xs text-muted">{endpoint.secretPrefix}…</p>
                </div>
                <div className="sm:w-56">
                  <LabelledSwitch
                    label={t('developers.webhooks.enabled')}
                    onHint={t('developers.webhooks.onHint')}
                    offHint={t('developers.webhooks.offHint')}
                    on={endpoint.enabled}
                    saving={update.isPending}
                    onChange={(on) => update.mutate({ webhookId: endpoint._id, body: { enabled: on } })}
                    testId={`webhook-enabled-${endpoint._id}`}
                  />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="ghost"
                  className="border border-line"
                  aria-expanded={open === endpoint._id}
                  onClick={() => setOpen(open === endpoint._id ? null : endpoint._id)}
                >
                  {open === endpoint._id ? t('developers.webhooks.hideLog') : t('developers.webhooks.showLog')}
                </Button>
                <ConfirmInPlace
                  label={t('developers.webhooks.rotate')}
                  warning={t('developers.webhooks.rotateWarning')}
                  confirmLabel={t('developers.webhooks.rotateConfirm')}
                  busy={rotate.isPending}
                  onConfirm={() => rotate.mutate(endpoint._id, { onSuccess: onSecret })}
                />
                <ConfirmInPlace
                  label={t('developers.webhooks.remove')}
                  warning={t('developers.webhooks.removeWarning')}
                  confirmLabel={t('developers.webhooks.removeConfirm')}
                  busy={remove.isPending}
                  onConfirm={() => remove.mutate(endpoint._id)}
                />
              </div>
              {open === endpoint._id && <WebhookDeliveries webhookId={endpoint._id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

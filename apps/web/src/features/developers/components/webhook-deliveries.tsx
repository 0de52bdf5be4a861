import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useWebhookActions, useWebhookDeliveries } from '../api/use-webhooks';

/** An endpoint's latest deliveries: the event, how it went, how long it took, and the next try or "send again". */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(webhookId);
  const { redeliver } = useWebhookActions();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'short', timeStyle: 'medium' });
  if (deliveries.isPending) return <Spinner label={t('developers.webhooks.loadingLog')} className="size-6" />;
  if (deliveries.isError) return <p className="text-sm text-red-700">{deliveries.error.message}</p>;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted">{t('developers.webhooks.noDeliveries')}</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line" data-testid="webhook-deliveries">
      {deliveries.data.map((delivery) => (
        <li key={delivery._id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium text-ink">
              {t(`developers.webhooks.eventNames.${delivery.event}`)}{' '}
              <span
                className={`ml-1 rounded px-1.5 py-0.5 text-xs ${delivery.status === 'delivered' ? 'bg-emerald-100 text-emerald-900' : delivery.status === 'failed' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
              >
                {t(`developers.webhooks.states.${delivery.status}`)}
              </span>
            </p>
            <p className="text-xs text-muted [overflow-wrap:anywhere]">
              {time.format(new Date(delivery.createdAt))} · {t('developers.webhooks.tries', { count: delivery.attempts })}
              {delivery.responseStatus !== null ? ` · HTTP ${delivery.responseStatus}` : ''}
              {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
              {delivery.nextAttemptAt ? ` · ${t('developers.webhooks.nextTry', { when: time.format(new Date(delivery.nextAttemptAt)) })}` : ''}
            </p>
            {delivery.error && delivery.status !== 'delivered' && <p className="text-xs text-red-700 [overflow-wrap:anywhere]">{delivery.error}</p>}
          </div>
          <Button
            variant="ghost"
            className="border border-line"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate({ webhookId, deliveryId: delivery._id })}
          >
            {t('developers.webhooks.sendAgain')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

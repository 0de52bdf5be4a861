import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useHealth } from '../api/get-health';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-ink">{value}</dd>
    </div>
  );
}

export function SystemStatus() {
  const { t } = useTranslation();
  const health = useHealth();
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="status-title" className="text-sm font-semibold text-ink">
        {t('status.title')}
      </h2>
      {health.isPending && (
        <div className="mt-4 flex items-center gap-3 text-sm text-muted">
          <Spinner label={t('status.checking')} />
          <span aria-hidden="true">{t('status.checking')}</span>
        </div>
      )}
      {health.isError && (
        <div role="alert" className="mt-4 space-y-3 text-sm">
          <p className="text-red-700">{t('status.unreachable')}</p>
          <Button variant="ghost" onClick={() => void health.refetch()}>
            {t('status.retry')}
          </Button>
        </div>
      )}
      {health.data && (
        <dl className="mt-2 divide-y divide-line text-sm">
          <Row label={t('status.service')} value={t('status.operational')} />
          <Row label={t('status.database')} value={t(`status.engine.${health.data.database.engine}`)} />
          <Row label={t('status.vectors')} value={health.data.database.vectors ? t('status.on') : t('status.off')} />
        </dl>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRequests } from '../api/use-requests';
import { RequestItem } from './request-item';
import { requestsCsv } from '../requests-csv';
import { saveFile } from '../../../lib/save-file';

/** Visitors who asked for a person: newest first, answered from here; their addresses can be downloaded or deleted. */
export function RequestsList({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const requests = useRequests(sparkId);
  const download = () => saveFile(requestsCsv(requests.data ?? []), 'text/csv;charset=utf-8', 'spark-requests.csv');
  return (
    <section aria-labelledby="requests-title" className="space-y-4 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5" data-testid="requests-list">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="requests-title" className="text-lg font-semibold text-ink">
            {t('insights.requests.title')}
          </h2>
          <p className="text-sm text-muted">{t('insights.requests.subtitle')}</p>
        </div>
        {requests.data && requests.data.length > 0 && (
          <Button variant="ghost" className="min-h-9 border border-line" onClick={download}>
            {t('insights.requests.download')}
          </Button>
        )}
      </div>
      {requests.isPending ? (
        <Spinner label={t('insights.requests.loading')} className="size-6" />
      ) : requests.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-900">
          <p>{t('insights.requests.loadFailed')}</p>
          <Button variant="ghost" className="border border-red-200" onClick={() => void requests.refetch()}>
            {t('insights.retry')}
          </Button>
        </div>
      ) : requests.data.length === 0 ? (
        <p className="rounded-lg bg-canvas p-4 text-sm text-muted">{t('insights.requests.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {requests.data.map((request) => (
            <li key={request._id}>
              <RequestItem sparkId={sparkId} request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

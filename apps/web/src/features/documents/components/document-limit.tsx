import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentAllowance, useFreePlace } from '../api/use-document-allowance';
import { DocumentStatusBadge } from './document-status-badge';

/**
 * The upload refused at the plan's document limit: how many of how many are used, which files
 * count (failed ones never do), each removable on the spot, and the upload tried again once a
 * place is free.
 */
export function DocumentLimit({
  fileName,
  onRetry,
  onClose,
  onViewPlans,
}: {
  fileName: string;
  onRetry: () => void;
  onClose: () => void;
  onViewPlans: () => void;
}) {
  const { t } = useTranslation();
  const allowance = useDocumentAllowance();
  const free = useFreePlace();
  const data = allowance.data;
  const room = data ? data.used < data.limit : false;
  return (
    <>
      <p role="alert" className="text-sm text-ink" data-testid="upload-limit">
        {t('documents.upload.errors.limitReached')}
      </p>
      {allowance.isPending ? (
        <Spinner label={t('documents.limit.loading')} className="size-5" />
      ) : data ? (
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink" data-testid="limit-count">
            {t('documents.limit.count', { used: data.used, limit: data.limit, count: data.limit })}
          </p>
          <ul className="max-h-56 space-y-2 overflow-y-auto" aria-label={t('documents.limit.listLabel')}>
            {data.documents.map((document) => (
              <li key={document._id} className="flex items-center gap-3 rounded-lg border border-line p-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink" title={document.name}>
                    {document.name}
                  </p>
                  <p className="truncate text-xs text-muted">{t('documents.limit.inSpark', { spark: document.sparkName })}</p>
                </div>
                <DocumentStatusBadge status={document.status} />
                <Button
                  variant="ghost"
                  className="min-h-9 shrink-0 text-red-700"
                  aria-label={t('documents.deleteNamed', { name: document.name })}
                  disabled={free.isPending}
                  onClick={() => free.mutate({ sparkId: document.sparkId, documentId: document._id, website: document.website === true })}
                >
                  {t('documents.delete')}
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted">{room ? t('documents.limit.placeFree', { name: fileName }) : t('documents.limit.hint')}</p>
        </div>
      ) : null}
      {(allowance.isError || free.isError) && (
        <p role="alert" className="text-sm text-red-800">
          {t('documents.limit.failed')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" className="border border-line" onClick={onClose}>
          {t('documents.upload.notNow')}
        </Button>
        {room ? (
          <Button autoFocus onClick={onRetry}>
            {t('documents.limit.uploadNow')}
          </Button>
        ) : (
          <Button autoFocus onClick={onViewPlans}>
            {t('documents.upload.viewPlans')}
          </Button>
        )}
      </div>
    </>
  );
}

import type { DocumentStatus } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

const TONES: Record<DocumentStatus, string> = {
  queued: 'border-line bg-canvas text-muted',
  processing: 'border-primary/20 bg-primary-soft text-primary-strong',
  ready: 'border-green-200 bg-green-50 text-green-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
};

/** Where a document is in being read: waiting, reading, ready or failed. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[status]}`}
      data-testid="document-status"
      data-status={status}
    >
      {status === 'processing' ? (
        <span aria-hidden="true" className="size-2.5 animate-spin rounded-full border-[1.5px] border-current border-r-transparent motion-reduce:animate-none" />
      ) : (
        <span aria-hidden="true" className={`size-1.5 rounded-full bg-current ${status === 'queued' ? 'animate-pulse motion-reduce:animate-none' : ''}`} />
      )}
      <span className="sr-only">{t('documents.statusLabel')} </span>
      {t(`documents.status.${status}`)}
    </span>
  );
}

import type { SparkDocument } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { contentsPagesText, documentProblemText, ocrPagesText } from '../document-messages';
import { dateTimeLabel, fileSizeLabel } from '../format';
import { DocumentStatusBadge } from './document-status-badge';
import { LineIcon } from '../../../components/ui/line-icon';

interface DocumentRowProps {
  document: SparkDocument;
  onDelete: (document: SparkDocument) => void;
  /** Offers a new version of the document (read while this one keeps answering). */
  onReplace?: (document: SparkDocument) => void;
  /** Reads the document's file again with what reading knows now (a new version, read while this one answers). */
  onReadAgain?: (document: SparkDocument) => void;
  /** A newer version of this document is being read. */
  beingReplaced?: boolean;
  /** Opens an owner answer's editor (documents of kind `answer`, which have no file to replace). */
  onEdit?: (document: SparkDocument) => void;
}

const KIND_LABELS: Record<SparkDocument['kind'], string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  doc: 'DOC',
  image: 'IMG',
  json: 'JSON',
  text: 'TXT',
  markdown: 'MD',
  answer: 'Q&A',
};

/** One document of the panel: its name (always as text), status, pages, passages, size, upload time and delete. */
export function DocumentRow({ document, onDelete, onReplace, onReadAgain, onEdit, beingReplaced = false }: DocumentRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const facts = [
    document.version > 1 ? t('documents.version', { version: document.version }) : null,
    document.pages !== null ? t('documents.pages', { count: document.pages }) : null,
    document.status === 'ready' ? t('documents.chunks', { count: document.chunks }) : null,
  ].filter((fact): fact is string => fact !== null);
  const problem = document.problem ? documentProblemText(t, document.problem, document.kind) : null;
  // A file that has been read (or could not be) may be read again; one still being read, or with a newer version under way, waits.
  const canReadAgain = document.kind !== 'answer' && !document.replaces && !beingReplaced && (document.status === 'ready' || document.status === 'failed');
  return (
    <article aria-label={document.name} className="rounded-xl border border-line bg-white p-3 shadow-sm" data-testid="document-row">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-[0.65rem] font-bold text-primary"
        >
          {KIND_LABELS[document.kind]}
        </span>
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 className="truncate text-sm font-semibold text-ink" title={document.name}>
            {document.name}
          </h3>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
            <DocumentStatusBadge status={document.status} />
            {facts.length > 0 && <span>{facts.join(' · ')}</span>}
          </div>
          <p className="text-xs text-muted">
            {fileSizeLabel(document.sizeBytes, language)}
            <span aria-hidden="true"> · </span>
            <time dateTime={document.createdAt}>{t('documents.uploadedAt', { date: dateTimeLabel(document.createdAt, language) })}</time>
          </p>
          {document.contentsPages && document.contentsPages.length > 0 && (
            <p className="text-xs text-muted" data-testid="document-contents-pages">
              {contentsPagesText(t, document.contentsPages)}
            </p>
          )}
          {document.ocrPages && document.ocrPages.length > 0 && (
            <p className="text-xs text-muted" data-testid="document-ocr-pages">
              {ocrPagesText(t, document.kind === 'image' ? null : document.ocrPages, document.lowConfidencePages ?? [])}
            </p>
          )}
          {document.replaces && document.status !== 'ready' && (
            <p className="text-xs text-muted" data-testid="document-new-version">
              {document.status === 'failed' ? t('documents.versions.failed') : t('documents.versions.reading')}
            </p>
          )}
          {beingReplaced && (
            <p className="text-xs text-muted" data-testid="document-being-replaced">
              {t('documents.versions.stillAnswering')}
            </p>
          )}
          {problem && (
            <p
              className={`rounded-md px-2 py-1 text-xs ${document.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
              data-testid="document-problem"
            >
              {problem}
            </p>
          )}
        </div>
        {onEdit && document.kind === 'answer' && !document.replaces && (
          <button
            type="button"
            aria-label={t('documents.ownerAnswer.editNamed', { name: document.name })}
            title={t('documents.ownerAnswer.edit')}
            onClick={() => onEdit(document)}
            className="-mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-soft hover:text-primary"
          >
            <LineIcon className="size-4" d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
          </button>
        )}
        {onReplace && document.kind !== 'answer' && !document.replaces && (
          <button
            type="button"
            aria-label={t('documents.replaceNamed', { name: document.name })}
            title={t('documents.replace')}
            onClick={() => onReplace(document)}
            className="-mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-soft hover:text-primary"
          >
            <LineIcon className="size-4" d="M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4" />
          </button>
        )}
        {onReadAgain && canReadAgain && (
          <button
            type="button"
            aria-label={t('documents.readAgainNamed', { name: document.name })}
            title={t('documents.readAgain')}
            onClick={() => onReadAgain(document)}
            data-read-again={document._id}
            className="-mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-soft hover:text-primary"
          >
            <LineIcon className="size-4" d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 15a3 3 0 1 0 1-2.2M9 11v2h2" />
          </button>
        )}
        <button
          type="button"
          aria-label={t('documents.deleteNamed', { name: document.name })}
          onClick={() => onDelete(document)}
          data-delete-document={document._id}
          className="-mr-1 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-red-700"
        >
          <LineIcon className="size-4" d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
        </button>
      </div>
    </article>
  );
}

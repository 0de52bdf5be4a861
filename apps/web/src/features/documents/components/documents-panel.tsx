import { LIMITS, type DocumentStatus, type SparkDocument } from '@sparks/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteDocument, useDocuments, useReadDocumentAgain } from '../api/use-documents';
import { AnswerSourceSetting, type AnswerSource } from './answer-source-setting';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentRow } from './document-row';
import { knowledgeCount } from '../document-rules';
import { OwnerAnswerDialog } from './owner-answer-dialog';
import { HiddenFileInput } from './hidden-file-input';
import { LineIcon } from '../../../components/ui/line-icon';

interface DocumentsPanelProps {
  sparkId: string;
  /** A file chosen with the panel's own button, or as a new version of a document: the screen runs the upload dialog. */
  onFile: (file: File, replaces?: SparkDocument) => void;
  onClose: () => void;
  /** The id of the panel's heading, which names the region or sheet around it. */
  headingId?: string;
  /** Where answers may come from, when the screen knows the Spark's setting. */
  answerSource?: AnswerSource;
  /** Other sources of knowledge the screen adds below the documents (the Spark's websites). */
  moreSources?: ReactNode;
  /** How many websites the Spark learns from (shown in `moreSources`): with one, a Spark without files of its own is not said to know nothing. */
  websiteCount?: number;
}

/**
 * The owner's own documents: a website's pages (documents with `sourceUrl`) belong to their
 * website's card, which reads, keeps and leaves them, so they are not rows here to delete one by one.
 */
const ownDocuments = (documents: SparkDocument[] | undefined) => documents?.filter((document) => !document.sourceUrl);

/** "3 documents (2 files, 1 website)": the total the header's badge shows, and what it is made of. */
function summary(t: TFunction, count: ReturnType<typeof knowledgeCount>): string {
  if (count.websites === 0) return t('documents.count', { count: count.total });
  const websites = t('documents.websites', { count: count.websites });
  const sources = count.files === 0 ? websites : t('documents.filesAndWebsites', { files: t('documents.files', { count: count.files }), websites });
  return t('documents.countWithSources', { count: count.total, sources });
}

/** "Policy.pdf is ready": said once when a document finishes, for those who cannot see the badge change. */
function useStatusAnnouncement(documents: SparkDocument[] | undefined): string {
  const { t } = useTranslation();
  const previous = useRef<Map<string, DocumentStatus> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!documents) return;
    const before = previous.current;
    previous.current = new Map(documents.map((document) => [document._id, document.status]));
    if (!before) return;
    const finished = documents.filter(
      (document) => (document.status === 'ready' || document.status === 'failed') && before.get(document._id) !== document.status,
    );
    if (finished.length > 0) setAnnouncement(finished.map((document) => t(`documents.announce.${document.status}`, { name: document.name })).join(' '));
  }, [documents, t]);
  return announcement;
}

/** A Spark's documents, live while they are being read: name, status, pages, passages, upload time and delete. */
export function DocumentsPanel({ sparkId, onFile, onClose, headingId, answerSource, moreSources, websiteCount = 0 }: DocumentsPanelProps) {
  const { t } = useTranslation();
  const documents = useDocuments(sparkId);
  const own = ownDocuments(documents.data);
  const remove = useDeleteDocument(sparkId);
  const readAgain = useReadDocumentAgain(sparkId);
  const [deleting, setDeleting] = useState<SparkDocument | null>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const replacePickerRef = useRef<HTMLInputElement>(null);
  const [replaceTarget, setReplaceTarget] = useState<SparkDocument | null>(null);
  const [editing, setEditing] = useState<SparkDocument | null>(null);
  // A website's pages are announced by their card's line, not one by one.
  const announcement = useStatusAnnouncement(own);
  const list = own ?? [];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Opening the panel takes the reader to it.
  useEffect(() => headingRef.current?.focus(), []);
  // After the delete dialog: back to the row's delete button, or to the heading once the row is gone.
  const lastDeleteId = useRef<string | null>(null);
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const button = rootRef.current?.querySelector<HTMLButtonElement>(`[data-delete-document="${lastDeleteId.current ?? ''}"]`);
    (button ?? headingRef.current)?.focus();
  };

  // The pressed "read again" button leaves with its row's offer: focus moves to the new version's row once it shows, not to the page.
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  useEffect(() => {
    const button = focusAfter && rootRef.current?.querySelector<HTMLButtonElement>(`[data-delete-document="${focusAfter}"]`);
    if (!button) return;
    button.focus();
    setFocusAfter(null);
  }, [focusAfter, documents.data]);
  const focusRow = (created: SparkDocument) => setFocusAfter(created._id);

  return (
    <div ref={rootRef} className="flex h-full min-h-0 flex-col bg-canvas" data-testid="documents-panel">
      <div className="flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-3">
        <div className="min-w-0">
          <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
            {t('documents.title')}
          </h2>
          {documents.data && <p className="text-xs text-muted">{summary(t, knowledgeCount(list, websiteCount))}</p>}
        </div>
        <div className="flex items-center gap-1">
          <Button className="min-h-9 px-3" onClick={() => pickerRef.current?.click()}>
            <span aria-hidden="true" className="text-base leading-none">
              +
            </span>
            {t('documents.add')}
          </Button>
          <button
            type="button"
            aria-label={t('documents.close')}
            onClick={onClose}
            className="inline-flex size-9 items-center justify-center rounded-lg text-xl text-muted hover:bg-canvas hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
      <HiddenFileInput ref={pickerRef} onFile={onFile} />
      <HiddenFileInput ref={replacePickerRef} onFile={(file) => replaceTarget && onFile(file, replaceTarget)} testId="replace-file-input" />
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {documents.isPending ? (
          <div className="flex items-center justify-center gap-2 py-10 text-primary">
            <Spinner label={t('documents.loading')} className="size-6" />
          </div>
        ) : documents.isError ? (
          <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{t('documents.loadFailed')}</p>
            <Button variant="ghost" className="border border-red-200 bg-white" onClick={() => void documents.refetch()}>
              {t('documents.retry')}
            </Button>
          </div>
        ) : list.length === 0 && websiteCount > 0 ? (
          <p className="rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted" data-testid="documents-none-but-websites">
            {t('documents.emptyWithWebsites')}
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" data-testid="documents-empty">
            <span aria-hidden="true" className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
              <LineIcon className="size-7" strokeWidth={1.6} d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 11v6M9 14h6" />
            </span>
            <h3 className="font-semibold text-ink">{t('documents.emptyTitle')}</h3>
            <p className="max-w-xs text-sm text-muted">{t('documents.emptyBody')}</p>
          </div>
        ) : (
          <ul className="space-y-3" aria-label={t('documents.title')}>
            {list.map((document) => (
              <li key={document._id}>
                <DocumentRow
                  document={document}
                  beingReplaced={list.some((other) => other.replaces === document._id && other.status !== 'failed')}
                  onEdit={setEditing}
                  onReadAgain={(chosen) => !readAgain.isPending && readAgain.mutate(chosen._id, { onSuccess: focusRow })}
                  onReplace={(chosen) => {
                    setReplaceTarget(chosen);
                    replacePickerRef.current?.click();
                  }}
                  onDelete={(chosen) => {
                    lastDeleteId.current = chosen._id;
                    setDeleting(chosen);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-center text-xs text-muted">{t('documents.accepted', { max: LIMITS.uploadMaxMegabytes })}</p>
        {moreSources && <div className="mt-6 border-t border-line pt-4">{moreSources}</div>}
        {answerSource && (
          <div className="mt-4">
            <AnswerSourceSetting {...answerSource} />
          </div>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <OwnerAnswerDialog sparkId={sparkId} document={editing} onClose={() => setEditing(null)} />
      <DeleteDocumentDialog
        document={deleting}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={restoreFocus}
        onConfirm={(document) => {
          setDeleting(null);
          remove.mutate(document._id);
        }}
      />
    </div>
  );
}

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { uploadProblemText } from '../document-messages';
import { fileSizeLabel } from '../format';
import type { UploadFlowState } from '../upload-flow';
import { DocumentLimit } from './document-limit';
import { HiddenFileInput } from './hidden-file-input';

export interface UploadStepActions {
  onConfirm: () => void;
  onClose: () => void;
  onRetry: () => void;
  onChoose: (file: File) => void;
  onViewPlans: () => void;
}

type Shown = Exclude<UploadFlowState, { step: 'idle' }>;

const NAME = 'break-words font-medium text-ink [overflow-wrap:anywhere]';
const SECONDARY = 'border border-line';

/** The title of the upload dialog at each step. */
export const uploadStepTitleKey: Record<Shown['step'], string> = {
  confirm: 'documents.upload.confirmTitle',
  uploading: 'documents.upload.uploadingTitle',
  done: 'documents.upload.doneTitle',
  limit: 'documents.upload.limitTitle',
  failed: 'documents.upload.failedTitle',
};

function FileCard({ name, detail }: { name: string; detail: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-canvas p-3" data-testid="upload-file">
      <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5M9 13h6M9 17h4" />
        </svg>
      </span>
      <div className="min-w-0">
        <p className={NAME}>{name}</p>
        <p className="text-xs text-muted">{detail}</p>
      </div>
    </div>
  );
}

/** What the upload dialog shows at one step of product.md §4's flow, with its buttons. */
export function UploadStep({ state, actions }: { state: Shown; actions: UploadStepActions }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const pickerRef = useRef<HTMLInputElement>(null);
  const size = fileSizeLabel(state.file.size, language);

  switch (state.step) {
    case 'confirm':
      return (
        <>
          <FileCard name={state.file.name} detail={size} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" className={SECONDARY} onClick={actions.onClose}>
              {t('documents.upload.cancel')}
            </Button>
            <Button autoFocus onClick={actions.onConfirm}>
              {t('documents.upload.upload')}
            </Button>
          </div>
        </>
      );
    case 'uploading': {
      const percent = Math.round(state.progress * 100);
      const checking = percent >= 100;
      // Before the browser reports any progress (or when it never does, for a small file) the bar moves without a number.
      const waiting = percent === 0;
      const text = checking ? t('documents.upload.checking') : waiting ? t('documents.upload.sending') : t('documents.upload.progress', { percent });
      return (
        <>
          <FileCard name={state.file.name} detail={size} />
          <div className="space-y-2">
            <div
              role="progressbar"
              aria-label={t('documents.upload.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={waiting ? undefined : percent}
              aria-valuetext={text}
              className="h-2 overflow-hidden rounded-full bg-primary-soft"
            >
              <div
                className={`h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none ${checking || waiting ? 'animate-pulse' : ''}`}
                style={{ width: waiting ? '35%' : `${percent}%` }}
              />
            </div>
            <p role="status" className="text-sm text-muted" data-testid="upload-progress">
              {text}
            </p>
          </div>
          <div className="flex justify-end">
            <Button autoFocus variant="ghost" className={SECONDARY} onClick={actions.onClose}>
              {t('documents.upload.cancelUpload')}
            </Button>
          </div>
        </>
      );
    }
    case 'done':
      return (
        <>
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900"
            data-testid="upload-done"
          >
            <span aria-hidden="true" className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-green-600 text-white">
              ✓
            </span>
            <p className="[overflow-wrap:anywhere]">{t('documents.upload.doneBody', { name: state.document.name })}</p>
          </div>
          <div className="flex justify-end">
            <Button autoFocus onClick={actions.onClose}>
              {t('documents.upload.close')}
            </Button>
          </div>
        </>
      );
    case 'limit':
      return <DocumentLimit fileName={state.file.name} onRetry={actions.onRetry} onClose={actions.onClose} onViewPlans={actions.onViewPlans} />;
    case 'failed': {
      // A file that can never go (format, size) needs another file; a passing trouble, another try.
      const needsAnotherFile = ['wrongFormat', 'mismatch', 'empty', 'tooLarge', 'rejected'].includes(state.problem.kind);
      const canRetry = state.problem.kind === 'network' || state.problem.kind === 'rateLimited' || state.problem.kind === 'generic';
      return (
        <>
          <FileCard name={state.file.name} detail={size} />
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="upload-error">
            {uploadProblemText(t, state.problem, language)}
          </p>
          <HiddenFileInput ref={pickerRef} onFile={actions.onChoose} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" className={SECONDARY} autoFocus={!needsAnotherFile && !canRetry} onClick={actions.onClose}>
              {t('documents.upload.close')}
            </Button>
            {needsAnotherFile && (
              <Button autoFocus onClick={() => pickerRef.current?.click()}>
                {t('documents.upload.chooseAnother')}
              </Button>
            )}
            {canRetry && (
              <Button autoFocus onClick={actions.onRetry}>
                {t('documents.upload.retry')}
              </Button>
            )}
          </div>
        </>
      );
    }
  }
}

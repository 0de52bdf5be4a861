import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import type { UploadFlow } from '../use-upload-flow';
import { UploadStep, uploadStepTitleKey } from './upload-step';

interface UploadDialogProps {
  flow: UploadFlow;
  /** product.md §8: the limit-reached message offers the plans. */
  onViewPlans: () => void;
}

/**
 * product.md §4 upload dialog: confirm (Cancel / Upload) naming the file, the upload with its progress,
 * the document named on success (closing by itself after 3 s), and the limit or another failure
 * in the user's language. One dialog throughout, so focus stays inside from step to step.
 */
export function UploadDialog({ flow, onViewPlans }: UploadDialogProps) {
  const { t } = useTranslation();
  const { state } = flow;
  const open = state.step !== 'idle';
  // Nothing opened the dialog that focus could go back to by itself: remember what had it.
  const returnRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && !returnRef.current && document.activeElement instanceof HTMLElement) returnRef.current = document.activeElement;
  }, [open]);
  if (state.step === 'idle') return null;

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const target = returnRef.current;
    returnRef.current = null;
    if (target?.isConnected) target.focus();
  };
  return (
    <Modal
      open
      // While the file is on its way only the explicit cancel stops it; a stray Escape does not.
      onOpenChange={(next) => !next && state.step !== 'uploading' && flow.close()}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t(uploadStepTitleKey[state.step])}
      description={
        state.step === 'confirm'
          ? flow.replacing
            ? t('documents.upload.replaceBody', { name: flow.replacing.name })
            : t('documents.upload.confirmBody')
          : undefined
      }
    >
      <UploadStep
        state={state}
        actions={{
          onConfirm: flow.confirm,
          onClose: flow.close,
          onRetry: flow.retry,
          onChoose: flow.choose,
          onViewPlans: () => {
            flow.close();
            onViewPlans();
          },
        }}
      />
    </Modal>
  );
}

import type { SparkDocument } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

interface DeleteDocumentDialogProps {
  document: SparkDocument | null;
  onCancel: () => void;
  onConfirm: (document: SparkDocument) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Deleting a document asks first: the Spark stops answering from it for good. */
export function DeleteDocumentDialog({ document, onCancel, onConfirm, onCloseAutoFocus }: DeleteDocumentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={document !== null}
      onOpenChange={(open) => !open && onCancel()}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('documents.deleteTitle')}
      description={<span className="[overflow-wrap:anywhere]">{t('documents.deleteDescription', { name: document?.name ?? '' })}</span>}
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="border border-line" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" onClick={() => document && onConfirm(document)}>
          {t('documents.delete')}
        </Button>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

interface TestSatisfactionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAnswer: (satisfactory: boolean) => void;
  /** While the answer is being carried out, so it is not given twice. */
  busy?: boolean;
  /** Keeping the chat as a re-runnable test case, offered before the answer deletes it. */
  onSaveCase?: () => void;
}

/** product.md §2/§4: at the end of a test, was it satisfactory? The screen carries out the answer. */
export function TestSatisfactionDialog({ open, onOpenChange, onAnswer, busy = false, onSaveCase }: TestSatisfactionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('chat.satisfaction.title')} description={t('chat.satisfaction.description')}>
      {onSaveCase && (
        <p className="mb-4 text-sm">
          {t('chat.satisfaction.saveCaseHint')}{' '}
          <button type="button" className="font-medium text-primary underline-offset-2 hover:underline" disabled={busy} onClick={onSaveCase}>
            {t('chat.satisfaction.saveCase')}
          </button>
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="border border-line" disabled={busy} onClick={() => onAnswer(false)}>
          {t('chat.satisfaction.no')}
        </Button>
        <Button disabled={busy} onClick={() => onAnswer(true)}>
          {t('chat.satisfaction.yes')}
        </Button>
      </div>
    </Modal>
  );
}

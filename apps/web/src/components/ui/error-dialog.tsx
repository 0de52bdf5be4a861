import { useTranslation } from 'react-i18next';
import { useErrorDialog } from '../../lib/error-dialog-store';
import { Button } from './button';
import { Modal } from './modal';

export function ErrorDialog() {
  const { t } = useTranslation();
  const { message, title, dismiss } = useErrorDialog();
  return (
    <Modal open={message !== null} onOpenChange={(open) => !open && dismiss()} title={title ?? t('errors.title')} description={message ?? ''}>
      <div className="flex justify-end">
        <Button onClick={dismiss}>{t('errors.understood')}</Button>
      </div>
    </Modal>
  );
}

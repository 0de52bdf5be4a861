import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * product.md §2 trial-complete popup and §4 inactive-tenant modal: they block the app (Escape and the
 * backdrop do not close them) and leave two ways on: view the plans, or log out.
 */
export function AccountBlockedDialog({ reason, onViewPlans, onLogout }: { reason: 'trialEnded' | 'inactive'; onViewPlans: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onOpenChange={() => undefined} title={t(`plans.blocked.${reason}.title`)} description={t(`plans.blocked.${reason}.body`)}>
      <p className="text-sm">{t(`plans.blocked.${reason}.unblock`)}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onLogout}>
          {t('auth.logout')}
        </Button>
        <Button onClick={onViewPlans}>{t('plans.view')}</Button>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmByTypingDialog } from '../../../components/ui/confirm-by-typing-dialog';
import { useSession } from '../../../lib/session-store';
import { useDeleteAccount } from '../api/use-team';

/** The owner's last action on the Team screen: the account and all it holds, gone, once their address is typed. */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const signOut = useSession((state) => state.signOut);
  const remove = useDeleteAccount(() => {
    setOpen(false);
    signOut('logout');
    window.location.replace('/auth');
  });
  return (
    <section aria-labelledby="delete-account-title" className="space-y-3 rounded-xl border border-red-200 bg-white p-4">
      <h2 id="delete-account-title" className="text-base font-semibold text-red-800">
        {t('team.deleteAccount.title')}
      </h2>
      <p className="text-sm text-muted">{t('team.deleteAccount.description')}</p>
      {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
      <Button variant="ghost" className="border border-red-300 text-red-800" onClick={() => setOpen(true)}>
        {t('team.deleteAccount.open')}
      </Button>
      <ConfirmByTypingDialog
        open={open}
        onOpenChange={setOpen}
        title={t('team.deleteAccount.title')}
        description={t('team.deleteAccount.confirmDescription')}
        label={t('team.deleteAccount.label', { email })}
        confirmLabel={t('team.deleteAccount.confirm')}
        cancelLabel={t('common.cancel')}
        accepts={(typed) => typed.trim().toLowerCase() === email.toLowerCase()}
        onConfirm={() => remove.mutate(email)}
        busy={remove.isPending}
      />
    </section>
  );
}

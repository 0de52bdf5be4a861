import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InvitationScreen } from '../../features/team/components/invitation-screen';
import { useDocumentTitle } from '../use-document-title';

/** `/invitation?token=…`: the page an invitation e-mail's link opens, signed in or not. */
export function InvitationRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('team.accept.title'));
  return (
    <section aria-labelledby="invitation-title" className="space-y-6">
      <h1 id="invitation-title" className="text-2xl font-semibold tracking-tight">
        {t('team.accept.title')}
      </h1>
      <InvitationScreen token={params.get('token') ?? ''} />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { displayName, useProfile } from '../../features/account/api/get-profile';
import { SystemStatus } from '../../features/system-status/components/system-status';
import { useDocumentTitle } from '../use-document-title';

/** Spec §2 `/`: a welcome bubble greeting the user by first name, or username without one. */
export function HomeRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  useDocumentTitle(t('home.documentTitle'));
  return (
    <div className="grid gap-8 desktop:grid-cols-[1fr_320px] desktop:items-start">
      <section aria-labelledby="home-title" className="space-y-4">
        {profile.isPending && <Spinner label={t('home.loading')} />}
        {profile.isError && <p role="alert" className="text-red-700">{t('errors.generic')}</p>}
        {profile.data && (
          <div className="max-w-xl rounded-2xl rounded-tl-sm border border-line bg-white p-5 shadow-sm">
            <h1 id="home-title" className="text-2xl font-semibold tracking-tight">
              {t('home.greeting', { name: displayName(profile.data) })}
            </h1>
            <p className="mt-2 text-muted">{t('home.intro')}</p>
          </div>
        )}
      </section>
      <SystemStatus />
    </div>
  );
}

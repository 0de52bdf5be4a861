import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName, useProfile } from '../../features/account/api/get-profile';
import { useDocumentTitle } from '../use-document-title';

/** Where a newly verified user lands (spec §4); the guided first-chatbot chat arrives with the assistant. */
export function OnboardingRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  useDocumentTitle(t('onboarding.documentTitle'));
  return (
    <section aria-labelledby="onboarding-title" className="mx-auto max-w-xl space-y-4 text-center">
      <h1 id="onboarding-title" className="text-3xl font-bold tracking-tight">
        {profile.data ? t('onboarding.title', { name: displayName(profile.data) }) : t('onboarding.titleAnonymous')}
      </h1>
      <p className="text-muted">{t('onboarding.body')}</p>
      <Link to="/" className="inline-flex min-h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong">
        {t('onboarding.continue')}
      </Link>
    </section>
  );
}

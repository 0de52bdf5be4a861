import { useTranslation } from 'react-i18next';
import { SystemStatus } from '../../features/system-status/components/system-status';
import { WelcomeHero } from '../../features/welcome/components/welcome-hero';
import { useDocumentTitle } from '../use-document-title';

export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('welcome.documentTitle'));
  return (
    <div className="grid gap-8 desktop:grid-cols-[1fr_320px] desktop:items-start">
      <WelcomeHero />
      <SystemStatus />
    </div>
  );
}

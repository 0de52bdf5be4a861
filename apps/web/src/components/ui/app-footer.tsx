import { APP_VERSION } from '@sparks/contract/constants';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line px-4 py-4 text-center text-xs text-muted desktop:px-10">
      <span>{t('footer.tagline')}</span>
      <span aria-hidden="true"> · </span>
      <span data-testid="app-version">{t('footer.version', { version: APP_VERSION })}</span>
    </footer>
  );
}

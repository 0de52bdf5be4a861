import { APP_VERSION } from '@sparks/contract/constants';
import { useTranslation } from 'react-i18next';

/** `besideFloatingButton`: below desktop width the text keeps clear of a floating button at the bottom right. */
export function AppFooter({ besideFloatingButton = false }: { besideFloatingButton?: boolean }) {
  const { t } = useTranslation();
  const clearance = besideFloatingButton ? 'max-desktop:pr-48 max-desktop:text-left' : '';
  return (
    <footer className={`border-t border-line px-4 py-4 text-center text-xs text-muted desktop:px-10 ${clearance}`}>
      <span>{t('footer.tagline')}</span>
      <span aria-hidden="true"> · </span>
      <span data-testid="app-version">{t('footer.version', { version: APP_VERSION })}</span>
    </footer>
  );
}

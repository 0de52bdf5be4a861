import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../../components/ui/app-footer';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('app.skipToContent')}
      </a>
      <header className="flex items-center justify-between gap-4 border-b border-line bg-white px-4 py-3 desktop:px-10">
        <Link to="/" aria-label={t('app.home')}>
          <BrandMark name={t('app.name')} />
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 desktop:px-10 desktop:py-14">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}

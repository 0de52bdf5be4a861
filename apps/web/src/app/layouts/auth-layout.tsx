import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../../components/ui/app-footer';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { WelcomeHero } from '../../features/welcome/components/welcome-hero';

/** Account screens: the product's promise on the left (desktop only), the form on the right. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col desktop:flex-row">
      <aside className="hidden bg-gradient-to-br from-primary-soft via-white to-secondary-soft px-12 py-12 desktop:flex desktop:w-[55%] desktop:flex-col desktop:justify-between">
        <BrandMark name={t('app.name')} />
        <WelcomeHero />
        <span />
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-between gap-4 px-4 py-3 desktop:justify-end desktop:px-8">
          <Link to="/auth" className="desktop:hidden" aria-label={t('app.home')}>
            <BrandMark name={t('app.name')} />
          </Link>
          <LanguageSwitcher />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 desktop:items-center desktop:px-8">
          <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm desktop:p-8">
            <Outlet />
          </div>
        </main>
        <AppFooter />
      </div>
    </div>
  );
}

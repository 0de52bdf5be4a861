import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../../components/ui/app-footer';
import { BrandMark } from '../../components/ui/brand-mark';
import { Button } from '../../components/ui/button';
import { displayName, useProfile } from '../../features/account/api/get-profile';
import { useLanguagePreference } from '../../features/account/api/use-language-preference';
import { useLogout } from '../../features/auth/api/use-logout';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { useStorageOwnerGuard } from '../use-storage-owner-guard';

/** The signed-in frame: brand, who is signed in, language and logout. */
export function AppLayout() {
  const { t } = useTranslation();
  const profile = useProfile();
  const logout = useLogout();

  useStorageOwnerGuard();
  useLanguagePreference();

  return (
    <div className="flex min-h-full flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('app.skipToContent')}
      </a>
      <header className="flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-3 desktop:px-10">
        <Link to="/" aria-label={t('app.home')}>
          <BrandMark name={t('app.name')} />
        </Link>
        <div className="flex items-center gap-2">
          {profile.data && <span className="hidden text-sm text-muted desktop:inline">{displayName(profile.data)}</span>}
          <LanguageSwitcher />
          <Button variant="ghost" onClick={() => void logout()}>
            {t('auth.logout')}
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 desktop:px-10 desktop:py-12">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}

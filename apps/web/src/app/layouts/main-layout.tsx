import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AppFooter } from '../../components/ui/app-footer';
import { BrandMark } from '../../components/ui/brand-mark';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { useProfile } from '../../features/account/api/get-profile';
import { useLanguagePreference } from '../../features/account/api/use-language-preference';
import { useLogout } from '../../features/auth/api/use-logout';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { FloatingNewSparkButton } from '../../features/navigation/components/floating-new-spark-button';
import { MainMenu } from '../../features/navigation/components/main-menu';
import { isChatRoute, roleCan } from '../../features/navigation/navigation-rules';
import { ProfileDropdown } from '../../features/navigation/components/profile-dropdown';
import { useSparks } from '../../features/sparks/api/use-sparks';
import { useSwitchAccount } from '../../features/team/api/use-invitation';
import { SparksList } from '../../features/sparks/components/sparks-list';
import { BillingDialogs } from '../billing-dialogs';
import { useStorageOwnerGuard } from '../use-storage-owner-guard';
import { useTutorial } from '../../lib/tutorial-store';
import { useViewportStore } from '../../lib/viewport-store';

/** product.md §2 main layout: a sidebar (menu, profile dropdown, Sparks list) beside the chat area; a drawer below 1140 px. */
export function MainLayout() {
  const { t } = useTranslation();
  const profile = useProfile();
  const logout = useLogout();
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tutorialMenu = useTutorial((state) => state.mainMenu);
  const closeChatPage = useTutorial((state) => state.closeChatPage);

  useStorageOwnerGuard();
  useLanguagePreference();
  // The Sparks list is kept in step on every screen, as the desktop sidebar keeps it: a phone's drawer is
  // closed most of the time, and the Spark a chat has just made must be in the list when it opens.
  useSparks();
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  if (profile.isPending) return <LoadingOverlay label={t('home.loading')} />;
  // On a phone a chat takes the whole height: no footer and no floating button to keep clear of.
  const chatScreen = !isDesktop && isChatRoute(location.pathname);

  const sidebar = (
    <div className="flex h-full flex-col gap-4 p-3">
      <div className="flex items-center justify-between gap-2 px-2 pt-1">
        <Link to="/" aria-label={t('app.home')}>
          <BrandMark name={t('app.name')} />
        </Link>
        <LanguageSwitcher />
      </div>
      <MainMenu user={profile.data} />
      <div className="min-h-0 flex-1 overflow-y-auto" data-tutorial="sparks">
        <SparksList />
      </div>
      {profile.data && (
        <ProfileDropdown
          user={profile.data}
          onLogout={() => void logout()}
          onSwitchAccount={(tenantId) => switchAccount.mutate(tenantId, { onSuccess: () => void navigate('/', { replace: true }) })}
        />
      )}
    </div>
  );

  return (
    <div className="flex min-h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('app.skipToContent')}
      </a>
      {isDesktop ? (
        <aside aria-label={t('nav.sidebar')} className="sticky top-0 h-screen w-[300px] shrink-0 border-r border-line bg-white">
          {sidebar}
        </aside>
      ) : tutorialMenu ? (
        // The tutorial shows the drawer open to point into it: a still picture, so nothing takes focus from its card.
        <>
          <div className="fixed inset-0 z-40 bg-ink/40" />
          <div inert className="fixed inset-y-0 left-0 z-50 w-[min(320px,88vw)] bg-white shadow-xl">
            {sidebar}
          </div>
        </>
      ) : (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
            <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 w-[min(320px,88vw)] bg-white shadow-xl focus:outline-none">
              <Dialog.Title className="sr-only">{t('nav.sidebar')}</Dialog.Title>
              {sidebar}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      {/* One screen tall: the chat scrolls inside main, so its input and the footer stay in view. */}
      <div className={`flex h-dvh min-w-0 flex-1 flex-col ${chatScreen ? '[--floating-button-clearance:0.75rem]' : ''}`}>
        {!isDesktop && (
          <div className="flex items-center justify-between border-b border-line bg-white px-3 py-2">
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-label={t('nav.openMenu')}
              data-tutorial="menu-button"
              className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-canvas"
            >
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </button>
            <BrandMark name={t('app.name')} />
            <span className="size-10" />
          </div>
        )}
        {/* While the tutorial shows the drawer on a phone, the chat page behind it is out of reach. */}
        <main id="main" className="min-h-0 flex-1 overflow-y-auto" inert={!isDesktop && closeChatPage}>
          <Outlet />
        </main>
        {!chatScreen && <AppFooter besideFloatingButton />}
      </div>
      {roleCan(profile.data, 'sparks.edit') && <FloatingNewSparkButton />}
      {profile.data && <BillingDialogs user={profile.data} />}
    </div>
  );
}

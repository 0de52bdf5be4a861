import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { PublicOnly, RequireAuth } from './guards/require-auth';
import { NotFoundRoute } from './routes/not-found-route';

/**
 * Screens load on demand: a visitor on /auth never downloads the main layout, and a signed-in
 * user never downloads the account forms.
 */
const screen = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });
const accountScreens = () => import('./routes/account-routes');
const menuScreen = (topic: 'settings' | 'billing' | 'deploy' | 'new-spark' | 'profile-menu') =>
  screen(async () => {
    const { MenuRoute } = await import('./routes/menu-route');
    return function TopicRoute() {
      return <MenuRoute topic={topic} />;
    };
  });

function RouteLoading() {
  return (
    <div className="flex h-full items-center justify-center text-primary">
      <Spinner label="Loading… / Cargando…" className="size-8" />
    </div>
  );
}

export const router = createBrowserRouter([
  {
    HydrateFallback: RouteLoading,
    children: [
      {
        lazy: screen(async () => (await import('./layouts/auth-layout')).AuthLayout),
        children: [
          {
            element: <PublicOnly />,
            children: [
              { path: '/auth', lazy: screen(async () => (await accountScreens()).AuthRoute) },
              { path: '/login', lazy: screen(async () => (await accountScreens()).AuthRoute) },
              { path: '/forgot-password', lazy: screen(async () => (await accountScreens()).ForgotPasswordRoute) },
            ],
          },
          { path: '/validate-code', lazy: screen(async () => (await accountScreens()).ValidateCodeRoute) },
          { path: '/reset-password', lazy: screen(async () => (await accountScreens()).ResetPasswordRoute) },
          { path: '/auth/callback', lazy: screen(async () => (await accountScreens()).SocialCallbackRoute) },
          { path: '/invitation', lazy: screen(async () => (await import('./routes/invitation-route')).InvitationRoute) },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: screen(async () => (await import('./layouts/app-layout')).AppLayout),
            children: [{ path: '/onBoarding', lazy: screen(async () => (await import('./routes/onboarding-route')).OnboardingRoute) }],
          },
          {
            lazy: screen(async () => (await import('./layouts/main-layout')).MainLayout),
            children: [
              { path: '/', lazy: screen(async () => (await import('./routes/home-route')).HomeRoute) },
              { path: '/spark/onboarding', lazy: screen(async () => (await import('./routes/tutorial-route')).TutorialRoute) },
              { path: '/spark/:sparkId', lazy: screen(async () => (await import('./routes/spark-route')).SparkRoute) },
              { path: '/spark/:sparkId/insights', lazy: screen(async () => (await import('./routes/spark-insights-route')).SparkInsightsRoute) },
              { path: '/spark/:sparkId/live', lazy: screen(async () => (await import('./routes/spark-live-route')).SparkLiveRoute) },
              { path: '/spark/:sparkId/live/:conversationId', lazy: screen(async () => (await import('./routes/spark-live-route')).SparkLiveRoute) },
              { path: '/spark/:sparkId/test', lazy: screen(async () => (await import('./routes/spark-test-route')).SparkTestRoute) },
              { path: '/spark/:sparkId/test/:testId', lazy: screen(async () => (await import('./routes/spark-test-route')).SparkTestRoute) },
              { path: '/mobile-test/:sparkId/:testId', lazy: screen(async () => (await import('./routes/spark-test-route')).SparkTestRoute) },
              { path: '/settings', lazy: menuScreen('settings') },
              { path: '/team', lazy: screen(async () => (await import('./routes/team-route')).TeamRoute) },
              { path: '/developers', lazy: screen(async () => (await import('./routes/developers-route')).DevelopersRoute) },
              { path: '/billing', lazy: menuScreen('billing') },
              { path: '/deploy', lazy: menuScreen('deploy') },
              { path: '/profile', lazy: menuScreen('profile-menu') },
              { path: '/new-spark', lazy: menuScreen('new-spark') },
            ],
          },
        ],
      },
    ],
  },
]);

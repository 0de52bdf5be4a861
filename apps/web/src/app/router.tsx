import { createBrowserRouter } from 'react-router';
import { PublicOnly, RequireAuth } from './guards/require-auth';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { AuthRoute, ForgotPasswordRoute, ResetPasswordRoute, SocialCallbackRoute, ValidateCodeRoute } from './routes/account-routes';
import { HomeRoute } from './routes/home-route';
import { MenuRoute } from './routes/menu-route';
import { NotFoundRoute } from './routes/not-found-route';
import { OnboardingRoute } from './routes/onboarding-route';
import { SparkRoute } from './routes/spark-route';
import { SparkTestRoute } from './routes/spark-test-route';

export const router = createBrowserRouter([
  {
    element: <AuthLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/auth', element: <AuthRoute /> },
          { path: '/login', element: <AuthRoute /> },
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
        ],
      },
      { path: '/validate-code', element: <ValidateCodeRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/auth/callback', element: <SocialCallbackRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { element: <AppLayout />, children: [{ path: '/onBoarding', element: <OnboardingRoute /> }] },
      {
        element: <MainLayout />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/spark/onboarding', element: <MenuRoute topic="tutorial" /> },
          { path: '/spark/:sparkId', element: <SparkRoute /> },
          { path: '/spark/:sparkId/test', element: <SparkTestRoute /> },
          { path: '/spark/:sparkId/test/:testId', element: <SparkTestRoute /> },
          { path: '/mobile-test/:sparkId/:testId', element: <SparkTestRoute /> },
          { path: '/settings', element: <MenuRoute topic="settings" /> },
          { path: '/billing', element: <MenuRoute topic="billing" /> },
          { path: '/deploy', element: <MenuRoute topic="deploy" /> },
          { path: '/profile', element: <MenuRoute topic="profile-menu" /> },
          { path: '/new-spark', element: <MenuRoute topic="new-spark" /> },
        ],
      },
    ],
  },
]);

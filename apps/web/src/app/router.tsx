import { createBrowserRouter } from 'react-router';
import { PublicOnly, RequireAuth } from './guards/require-auth';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { AuthRoute, ForgotPasswordRoute, ResetPasswordRoute, SocialCallbackRoute, ValidateCodeRoute } from './routes/account-routes';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { OnboardingRoute } from './routes/onboarding-route';

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
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/onBoarding', element: <OnboardingRoute /> },
        ],
      },
    ],
  },
]);

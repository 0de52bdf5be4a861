import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { SocialCallback } from '../../features/auth/components/social-callback';
import { VerifyCodeForm } from '../../features/auth/components/verify-code-form';
import { useDocumentTitle } from '../use-document-title';

/** One account screen: its title as the page heading and the document title, then its form. */
function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="account-page-title" className="space-y-6">
      <h1 id="account-page-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      {children}
    </section>
  );
}

export function AuthRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.documentTitle'));
  return <AuthScreen />;
}

export function ValidateCodeRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AccountPage title={t('auth.verify.title')}>
      <VerifyCodeForm email={params.get('username') ?? ''} editableEmail />
    </AccountPage>
  );
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('auth.forgot.title')}>
      <ForgotPasswordForm />
    </AccountPage>
  );
}

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AccountPage title={t('auth.reset.title')}>
      <ResetPasswordForm token={params.get('token')} />
    </AccountPage>
  );
}

export function SocialCallbackRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('auth.social.title')}>
      <SocialCallback />
    </AccountPage>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { SocialCallback } from '../../features/auth/components/social-callback';
import { VerifyCodeForm } from '../../features/auth/components/verify-code-form';
import { useDocumentTitle } from '../use-document-title';

export function AuthRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.documentTitle'));
  return <AuthScreen />;
}

export function ValidateCodeRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('auth.verify.title'));
  return (
    <section aria-labelledby="verify-title" className="space-y-6">
      <h1 id="verify-title" className="text-2xl font-semibold tracking-tight">
        {t('auth.verify.title')}
      </h1>
      <VerifyCodeForm email={params.get('username') ?? ''} editableEmail />
    </section>
  );
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.forgot.title'));
  return (
    <section aria-labelledby="forgot-title" className="space-y-6">
      <h1 id="forgot-title" className="text-2xl font-semibold tracking-tight">
        {t('auth.forgot.title')}
      </h1>
      <ForgotPasswordForm />
    </section>
  );
}

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('auth.reset.title'));
  return (
    <section aria-labelledby="reset-title" className="space-y-6">
      <h1 id="reset-title" className="text-2xl font-semibold tracking-tight">
        {t('auth.reset.title')}
      </h1>
      <ResetPasswordForm token={params.get('token')} />
    </section>
  );
}

export function SocialCallbackRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.social.title'));
  return (
    <section aria-labelledby="social-title" className="space-y-6">
      <h1 id="social-title" className="text-2xl font-semibold tracking-tight">
        {t('auth.social.title')}
      </h1>
      <SocialCallback />
    </section>
  );
}

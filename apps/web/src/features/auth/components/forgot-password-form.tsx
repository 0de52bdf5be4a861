import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver } from '../lazy-resolver';
import type { ForgotValues } from '../validation';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useForm<ForgotValues>({ resolver: lazyResolver<ForgotValues>('forgot', t), defaultValues: { email: '' } });
  const forgot = useMutation({ mutationFn: (values: ForgotValues) => authCalls.forgotPassword(values.email.trim().toLowerCase()) });
  const { errors } = form.formState;

  if (forgot.isSuccess) {
    return (
      <AuthNotice tone="success" link={{ to: '/auth#login', label: t('auth.backToLogin') }}>
        {t('auth.forgot.sent', { email: forgot.variables.email.trim() })}
      </AuthNotice>
    );
  }
  return (
    <AuthForm
      label={t('auth.forgot.title')}
      onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
      pending={forgot.isPending}
      submitLabel={t('auth.forgot.submit')}
      submittingLabel={t('auth.forgot.submitting')}
      intro={<p className="text-sm text-muted">{t('auth.forgot.intro')}</p>}
      error={forgot.isError && authErrorMessage(forgot.error, t)}
      footer={
        <Link to="/auth#login" className="block text-center text-sm font-medium text-primary hover:underline">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
    </AuthForm>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver, prefetchValidation } from '../lazy-resolver';
import type { ForgotValues } from '../validation';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useForm<ForgotValues>({ resolver: lazyResolver<ForgotValues>('forgot', t), defaultValues: { email: '' } });
  const forgot = useMutation({ mutationFn: (values: ForgotValues) => authCalls.forgotPassword(values.email.trim().toLowerCase()) });
  const { errors } = form.formState;

  if (forgot.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t('auth.forgot.sent', { email: forgot.variables.email.trim() })}</Alert>
        <Link to="/auth#login" className="text-sm font-medium text-primary hover:underline">
          {t('auth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      onFocus={prefetchValidation}
      onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
      className="space-y-4"
      aria-label={t('auth.forgot.title')}
    >
      <p className="text-sm text-muted">{t('auth.forgot.intro')}</p>
      {forgot.isError && <Alert tone="error">{authErrorMessage(forgot.error, t)}</Alert>}
      <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
      <Link to="/auth#login" className="block text-center text-sm font-medium text-primary hover:underline">
        {t('auth.backToLogin')}
      </Link>
    </form>
  );
}

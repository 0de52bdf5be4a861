import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session-store';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver, prefetchValidation } from '../lazy-resolver';
import type { NewPasswordValues } from '../validation';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

/** product.md §4: a successful reset logs the user in (with the one-time token it returns) and goes to /. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const form = useForm<NewPasswordValues>({ resolver: lazyResolver<NewPasswordValues>('newPassword', t), defaultValues: { password: '', confirm: '' } });
  const reset = useMutation({
    mutationFn: async (values: NewPasswordValues) => {
      const { token: loginToken } = await authCalls.resetPassword(token ?? '', values.password);
      return authCalls.loginWithToken(loginToken);
    },
    onSuccess: (tokens) => {
      signIn(tokens);
      void navigate('/', { replace: true });
    },
  });
  const { errors } = form.formState;

  if (!token) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{t('errors.linkInvalid')}</Alert>
        <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
          {t('auth.reset.askAgain')}
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      onFocus={prefetchValidation}
      onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      className="space-y-4"
      aria-label={t('auth.reset.title')}
    >
      {reset.isError && (
        <Alert tone="error">
          {authErrorMessage(reset.error, t)}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            {t('auth.reset.askAgain')}
          </Link>
        </Alert>
      )}
      <PasswordField
        label={t('auth.reset.newPassword')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={<PasswordStrengthMeter password={form.watch('password')} />}
        {...form.register('password')}
      />
      <PasswordField label={t('auth.reset.confirm')} autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver } from '../lazy-resolver';
import type { NewPasswordValues } from '../validation';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';
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
      <AuthNotice tone="error" link={{ to: '/forgot-password', label: t('auth.reset.askAgain') }}>
        {t('errors.linkInvalid')}
      </AuthNotice>
    );
  }
  return (
    <AuthForm
      label={t('auth.reset.title')}
      onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      pending={reset.isPending}
      submitLabel={t('auth.reset.submit')}
      submittingLabel={t('auth.reset.submitting')}
      error={
        reset.isError && (
          <>
            {authErrorMessage(reset.error, t)}{' '}
            <Link to="/forgot-password" className="font-medium underline">
              {t('auth.reset.askAgain')}
            </Link>
          </>
        )
      }
    >
      <PasswordField
        label={t('auth.reset.newPassword')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={<PasswordStrengthMeter password={form.watch('password')} />}
        {...form.register('password')}
      />
      <PasswordField label={t('auth.reset.confirm')} autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
    </AuthForm>
  );
}

import { STORAGE_KEYS } from '@sparks/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { safeRedirect } from '../../../lib/safe-redirect';
import { browserStorage, useSession } from '../../../lib/session-store';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver, prefetchValidation } from '../lazy-resolver';
import type { LoginValues } from '../validation';
import { PasswordField } from './password-field';
import { SocialSignIn } from './social-sign-in';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const storage = browserStorage();
  const remembered = storage?.getItem(STORAGE_KEYS.rememberMe) === 'true';
  const form = useForm<LoginValues>({
    resolver: lazyResolver<LoginValues>('login', t),
    defaultValues: { email: remembered ? (storage?.getItem(STORAGE_KEYS.emailForLogin) ?? '') : '', password: '', rememberMe: remembered },
  });
  const login = useMutation({
    mutationFn: (values: LoginValues) => authCalls.login(values.email.trim().toLowerCase(), values.password),
    onSuccess: (tokens, values) => {
      if (values.rememberMe) {
        storage?.setItem(STORAGE_KEYS.emailForLogin, values.email.trim());
        storage?.setItem(STORAGE_KEYS.rememberMe, 'true');
      } else {
        storage?.removeItem(STORAGE_KEYS.emailForLogin);
        storage?.removeItem(STORAGE_KEYS.rememberMe);
      }
      signIn(tokens);
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
  });
  const { errors } = form.formState;
  const email = form.watch('email');
  const notVerified = login.error instanceof ApiError && login.error.code === 'NOT_VERIFIED';

  return (
    <form
      noValidate
      onFocus={prefetchValidation}
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
      className="space-y-4"
      aria-label={t('auth.login.title')}
    >
      {login.isError && (
        <Alert tone="error">
          {authErrorMessage(login.error, t)}{' '}
          {notVerified && (
            <Link className="font-medium underline" to={`/validate-code?username=${encodeURIComponent(email.trim())}`}>
              {t('auth.verify.goVerify')}
            </Link>
          )}
        </Alert>
      )}
      <TextField label={t('auth.email')} type="email" autoComplete="username" inputMode="email" error={errors.email?.message} {...form.register('email')} />
      <PasswordField label={t('auth.password')} autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField label={t('auth.login.rememberMe')} {...form.register('rememberMe')} />
        <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <SocialSignIn />
    </form>
  );
}

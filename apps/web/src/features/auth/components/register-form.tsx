import type { Language } from '@sparks/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver, prefetchValidation } from '../lazy-resolver';
import type { RegisterValues } from '../validation';
import { PasswordField } from './password-field';
import { SocialSignIn } from './social-sign-in';
import { PasswordStrengthMeter } from './password-strength-meter';

/** A DNS failure must not block sign-up: only a definite "no such domain" stops it. */
async function domainExists(email: string): Promise<boolean> {
  const domain = email.split('@')[1] ?? '';
  try {
    return (await authCalls.checkDomain(domain)).dns;
  } catch {
    return true;
  }
}

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm<RegisterValues>({
    resolver: lazyResolver<RegisterValues>('register', t),
    defaultValues: { email: '', password: '', acceptPrivacy: false },
  });
  const register = useMutation({
    mutationFn: async (values: RegisterValues) => {
      const email = values.email.trim().toLowerCase();
      if (!(await domainExists(email))) {
        form.setError('email', { message: t('validation.invalidDomain', { domain: email.split('@')[1] }) });
        return null;
      }
      await authCalls.register({ email, password: values.password, language: (i18n.resolvedLanguage ?? 'en') as Language });
      return email;
    },
    onSuccess: (email) => {
      if (email) onRegistered(email);
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onFocus={prefetchValidation}
      onSubmit={form.handleSubmit((values) => register.mutate(values))}
      className="space-y-4"
      aria-label={t('auth.register.title')}
    >
      {register.isError && <Alert tone="error">{authErrorMessage(register.error, t)}</Alert>}
      <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        label={t('auth.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={<PasswordStrengthMeter password={form.watch('password')} />}
        {...form.register('password')}
      />
      <CheckboxField
        label={
          <Trans
            i18nKey="auth.register.acceptPrivacy"
            components={{
              // A new tab: the form keeps what was typed while the policy is read.
              policy: <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-2" />,
            }}
          />
        }
        error={errors.acceptPrivacy?.message}
        {...form.register('acceptPrivacy')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
      <SocialSignIn />
    </form>
  );
}

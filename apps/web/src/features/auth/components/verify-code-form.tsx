import { TIMINGS_MS } from '@sparks/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session-store';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';
import { lazyResolver, prefetchValidation } from '../lazy-resolver';
import type { CodeValues } from '../validation';

interface VerifyCodeFormProps {
  email: string;
  /** On the verification page the address can be typed; right after sign-up it is fixed. */
  editableEmail?: boolean;
}

/** product.md §4: the code submits itself once complete; a resend is confirmed for 30 seconds. */
export function VerifyCodeForm({ email, editableEmail = false }: VerifyCodeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const form = useForm<CodeValues>({ resolver: lazyResolver<CodeValues>('code', t), defaultValues: { email, code: '' } });
  const [resent, setResent] = useState(false);
  const lastAutoSubmitted = useRef('');

  const verify = useMutation({
    mutationFn: (values: CodeValues) => authCalls.verifyCode(values.email.trim().toLowerCase(), values.code.trim()),
    onSuccess: (tokens) => {
      signIn(tokens);
      void navigate('/onBoarding', { replace: true });
    },
  });
  const resend = useMutation({
    mutationFn: () => authCalls.sendCode(form.getValues('email').trim().toLowerCase()),
    onSuccess: () => setResent(true),
  });

  useEffect(() => {
    if (!resent) return;
    const timer = setTimeout(() => setResent(false), TIMINGS_MS.resendCodeConfirmation);
    return () => clearTimeout(timer);
  }, [resent]);

  const code = form.watch('code');
  useEffect(() => {
    if (/^\d{6}$/.test(code) && code !== lastAutoSubmitted.current && !verify.isPending) {
      lastAutoSubmitted.current = code;
      void form.handleSubmit((values) => verify.mutate(values))();
    }
  }, [code, form, verify]);

  const { errors } = form.formState;
  const failure = verify.error ?? resend.error;
  // Reached from "Verify an e-mail you registered earlier", the address is not known yet: ask for it first.
  const address = form.watch('email').trim() || email.trim();
  return (
    <form
      noValidate
      onFocus={prefetchValidation}
      onSubmit={form.handleSubmit((values) => verify.mutate(values))}
      className="space-y-4"
      aria-label={t('auth.verify.title')}
    >
      <p className="text-sm text-muted">{address ? t('auth.verify.intro', { email: address }) : t('auth.verify.introAsk')}</p>
      {failure && <Alert tone="error">{authErrorMessage(failure, t)}</Alert>}
      {resent && <Alert tone="success">{t('auth.verify.resent')}</Alert>}
      {editableEmail ? (
        <TextField label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      ) : (
        <input type="hidden" {...form.register('email')} />
      )}
      <TextField
        label={t('auth.verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        error={errors.code?.message}
        {...form.register('code', { setValueAs: (value: string) => value.replace(/\D/g, '').slice(0, 6) })}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t('auth.verify.submitting') : t('auth.verify.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline disabled:text-muted disabled:no-underline"
          disabled={resent || resend.isPending || !address}
          onClick={() => resend.mutate()}
        >
          {t('auth.verify.resend')}
        </button>
        {!editableEmail && (
          <Link to="/validate-code" className="text-muted hover:underline">
            {t('auth.verify.otherEmail')}
          </Link>
        )}
      </div>
    </form>
  );
}

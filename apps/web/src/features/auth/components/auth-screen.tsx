import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { VerifyCodeForm } from './verify-code-form';

/** product.md §2 /auth: login and register in one screen, chosen by #login or #register. */
export function AuthScreen() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const mode = hash === '#register' ? 'register' : 'login';
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) {
    return (
      <section aria-labelledby="auth-title" className="space-y-6">
        <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
          {t('auth.verify.title')}
        </h1>
        <VerifyCodeForm email={registeredEmail} />
      </section>
    );
  }
  const tab = (target: 'login' | 'register') =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm font-medium ${mode === target ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`;
  return (
    <section aria-labelledby="auth-title" className="space-y-6">
      <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
        {mode === 'login' ? t('auth.login.title') : t('auth.register.title')}
      </h1>
      <nav aria-label={t('auth.modes')} className="flex gap-1 rounded-lg bg-canvas p-1">
        <Link to="#login" replace className={tab('login')} aria-current={mode === 'login' ? 'page' : undefined}>
          {t('auth.login.tab')}
        </Link>
        <Link to="#register" replace className={tab('register')} aria-current={mode === 'register' ? 'page' : undefined}>
          {t('auth.register.tab')}
        </Link>
      </nav>
      {mode === 'login' ? <LoginForm /> : <RegisterForm onRegistered={setRegisteredEmail} />}
    </section>
  );
}

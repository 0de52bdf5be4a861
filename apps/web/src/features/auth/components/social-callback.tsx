import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session-store';
import { authCalls } from '../api/auth-calls';

const FAILURES: Record<string, string> = {
  'account-exists': 'auth.social.accountExists',
  'email-missing': 'auth.social.emailMissing',
};

/** Where an identity provider's sign-in ends: the fragment carries a one-time token or the reason it failed. */
export function SocialCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    const token = fragment.get('token');
    if (!token) {
      setFailure(FAILURES[fragment.get('error') ?? ''] ?? 'auth.social.failed');
      return;
    }
    authCalls
      .exchangeToken(token)
      .then((tokens) => {
        signIn(tokens);
        void navigate('/', { replace: true });
      })
      .catch(() => setFailure('auth.social.failed'));
  }, [navigate, signIn]);

  if (!failure) return <Spinner label={t('auth.social.finishing')} className="size-8" />;
  return (
    <div className="space-y-4">
      <Alert tone="error">{t(failure)}</Alert>
      <Link to="/auth#login" className="text-sm font-medium text-primary hover:underline">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}

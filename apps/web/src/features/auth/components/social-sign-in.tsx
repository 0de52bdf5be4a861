import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { authCalls } from '../api/auth-calls';
import { authErrorMessage } from '../auth-error-message';

const BUTTON =
  'flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-60';

/** product.md §1: two social providers and a third marked as coming soon; shown only when a provider is configured. */
export function SocialSignIn() {
  const { t } = useTranslation();
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: authCalls.providers, staleTime: Infinity });
  const start = useMutation({
    mutationFn: (provider: string) => authCalls.serviceLogin(provider),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const configured = providers.data?.providers ?? [];
  if (configured.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t('auth.social.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      {start.isError && <Alert tone="error">{authErrorMessage(start.error, t)}</Alert>}
      {configured.includes('google') && (
        <button type="button" className={BUTTON} disabled={start.isPending} onClick={() => start.mutate('google')}>
          <span aria-hidden="true" className="font-bold text-[#4285f4]">
            G
          </span>
          {t('auth.social.google')}
        </button>
      )}
      {configured.includes('microsoft') ? (
        <button type="button" className={BUTTON} disabled={start.isPending} onClick={() => start.mutate('microsoft')}>
          <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
            <path fill="#f25022" d="M0 0h7.5v7.5H0z" />
            <path fill="#7fba00" d="M8.5 0H16v7.5H8.5z" />
            <path fill="#00a4ef" d="M0 8.5h7.5V16H0z" />
            <path fill="#ffb900" d="M8.5 8.5H16V16H8.5z" />
          </svg>
          {t('auth.social.microsoft')}
        </button>
      ) : (
        // product.md §1: the provider not offered yet is shown, marked as coming soon.
        <button type="button" className={BUTTON} disabled aria-describedby="social-soon">
          {t('auth.social.microsoft')}
          <span id="social-soon" className="rounded bg-canvas px-1.5 py-0.5 text-xs text-muted">
            {t('auth.social.soon')}
          </span>
        </button>
      )}
    </div>
  );
}

import { isLoopbackHost } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';

interface PublicUrlWarningProps {
  /** The deployment's `publicUrlSet`: whether the server has PUBLIC_URL. */
  publicUrlSet: boolean;
  /** Where the owner has the app open; the page's own by default. */
  hostname?: string;
}

/**
 * Without PUBLIC_URL the server names the address the owner is using in the code (or its default
 * when that address is not the machine's own). Opened from anywhere but this machine, that may be
 * an address a website's visitors cannot reach (docs/decisions/0024).
 */
export function PublicUrlWarning({ publicUrlSet, hostname = typeof window === 'undefined' ? '' : window.location.hostname }: PublicUrlWarningProps) {
  const { t } = useTranslation();
  if (publicUrlSet || isLoopbackHost(hostname)) return null;
  return (
    <div data-testid="public-url-warning">
      <Alert tone="warning">{t('deploy.publicUrlUnset')}</Alert>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { CopyBlock } from '../../../components/ui/copy-block';
import { Spinner } from '../../../components/ui/spinner';
import { useDeployment } from '../api/use-deployment';
import { PublicUrlWarning } from './public-url-warning';

/**
 * The deploy assistant's code card, drawn from the Spark's deployment as it is now: after the
 * token is rotated in the deploy panel, the card shows the new code, never the revoked one.
 */
export function EmbedCodeCard({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const deployment = useDeployment(sparkId);
  return (
    <div className="space-y-3" data-testid="live-embed-card">
      <p className="font-semibold">{t('liveCards.embed.title')}</p>
      {deployment.isPending ? (
        <Spinner label={t('liveCards.loading')} className="size-5" />
      ) : deployment.isError ? (
        <Alert tone="error">{t('liveCards.embed.failed')}</Alert>
      ) : (
        <>
          <CopyBlock value={deployment.data.snippet} label={t('liveCards.embed.help')} />
          <PublicUrlWarning publicUrlSet={deployment.data.publicUrlSet} />
        </>
      )}
    </div>
  );
}

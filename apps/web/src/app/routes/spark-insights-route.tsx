import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LineIcon } from '../../components/ui/line-icon';
import { Spinner } from '../../components/ui/spinner';
import { InsightsScreen } from '../../features/insights/components/insights-screen';
import { useSparks } from '../../features/sparks/api/use-sparks';
import { ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';

const HEADER_LINK =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary';

/** `/spark/{sparkId}/insights`: what the Spark's website visitors did, and what to do about it. */
export function SparkInsightsRoute() {
  const { t } = useTranslation();
  const { sparkId = '' } = useParams();
  const sparks = useSparks();
  const spark = sparks.data?.find((item) => item._id === sparkId);
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(t('insights.documentTitle', { name: spark?.name ?? '' }));

  if (sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
  return (
    <ChatFrame
      theme="normal"
      header={<h1 className="truncate text-lg font-semibold">{t('insights.title', { name: spark.name })}</h1>}
      actions={
        <>
          <Link to={`/spark/${sparkId}/live`} className={HEADER_LINK} title={t('live.fromInsights')} data-testid="insights-live-link">
            <LineIcon className="size-4" d="M8 10h8M8 14h5M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />
            {t('live.open')}
          </Link>
          <Link to={`/spark/${sparkId}`} className={HEADER_LINK}>
            <LineIcon className="size-4" d="M15 18l-6-6 6-6" />
            {t('insights.backToSpark')}
          </Link>
        </>
      }
    >
      <InsightsScreen sparkId={sparkId} />
    </ChatFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LineIcon } from '../../components/ui/line-icon';
import { Spinner } from '../../components/ui/spinner';
import { roleAllows } from '@sparks/contract';
import { useProfile } from '../../features/account/api/get-profile';
import { LiveScreen } from '../../features/live/components/live-screen';
import { useSparks } from '../../features/sparks/api/use-sparks';
import { ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';
import { LiveAnswer } from './spark-live/live-answer';

const HEADER_LINK =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary';

/** `/spark/{sparkId}/live[/{conversationId}]`: the Spark's visitor conversations as they happen; the address says which is open. */
export function SparkLiveRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sparkId = '', conversationId = null } = useParams();
  const sparks = useSparks();
  const membership = useProfile().data?.tenants[0];
  const spark = sparks.data?.find((item) => item._id === sparkId);
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(t('live.documentTitle', { name: spark?.name ?? '' }));

  if (sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
  return (
    <ChatFrame
      theme="normal"
      fill
      header={<h1 className="truncate text-lg font-semibold">{t('live.title', { name: spark.name })}</h1>}
      actions={
        <Link to={`/spark/${sparkId}`} className={HEADER_LINK}>
          <LineIcon className="size-4" d="M15 18l-6-6 6-6" />
          <span className="sr-only min-[480px]:not-sr-only">{t('live.backToSpark')}</span>
        </Link>
      }
    >
      <LiveScreen
        sparkId={sparkId}
        conversationId={conversationId}
        onOpen={(id) => void navigate(id ? `/spark/${sparkId}/live/${id}` : `/spark/${sparkId}/live`)}
        answer={(message) => <LiveAnswer sparkId={sparkId} message={message} />}
        handoffEmails={membership && roleAllows(membership.role, 'live.handle') ? membership.handoffEmails : undefined}
      />
    </ChatFrame>
  );
}

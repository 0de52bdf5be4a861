import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EditableTitle } from '../../components/ui/editable-title';
import { Spinner } from '../../components/ui/spinner';
import { useSparkMutations, useSparks } from '../../features/sparks/api/use-sparks';
import { AssistantBubble, ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';

/** Spec §2 `/spark/{sparkId}`: the Spark's chat, with its editable name as the title. */
export function SparkRoute() {
  const { t } = useTranslation();
  const { sparkId = '' } = useParams();
  const sparks = useSparks();
  const { update } = useSparkMutations();
  const spark = sparks.data?.find((item) => item._id === sparkId);
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(spark?.name ?? t('sparks.loading'));
  if (sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
  return (
    <ChatFrame
      theme="normal"
      header={<EditableTitle value={spark.name} label={t('sparks.title')} saveLabel={t('common.save')} onSave={(name) => update.mutateAsync({ sparkId, patch: { name } })} />}
      actions={
        <Link to={`/spark/${sparkId}/test`} className="rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary">
          {t('sparks.tests')}
        </Link>
      }
    >
      <AssistantBubble>
        <p>{spark.options.initialMessage}</p>
      </AssistantBubble>
    </ChatFrame>
  );
}

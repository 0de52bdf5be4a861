import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useSparkTests, useSparks } from '../../features/sparks/api/use-sparks';
import { TestTabs } from '../../features/sparks/components/test-tabs';
import { AssistantBubble, ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';

/** Spec §2 test chat (`/spark/{id}/test/{testId}` and `/mobile-test/...`): tabs, restart, and the hidden report button. */
export function SparkTestRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sparkId = '', testId } = useParams();
  const sparks = useSparks();
  const tests = useSparkTests(sparkId);
  const spark = sparks.data?.find((item) => item._id === sparkId);
  const [noTestsAcknowledged, setNoTestsAcknowledged] = useState(false);
  useRouteTheme('test', spark?._id);
  useDocumentTitle(t('tests.documentTitle', { name: spark?.name ?? '' }));

  if (sparks.isPending || tests.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark || tests.isError) return <NotFoundRoute />;
  const active = tests.data.find((test) => test._id === testId);
  if (!testId && tests.data[0]) return <Navigate to={`/spark/${sparkId}/test/${tests.data[0]._id}`} replace />;
  if (testId && !active) return <NotFoundRoute />;

  return (
    <ChatFrame
      theme="test"
      header={<h1 className="truncate text-lg font-semibold">{t('tests.title', { name: spark.name })}</h1>}
      actions={
        <>
          <Button variant="ghost" className="text-white hover:bg-white/15" disabled={!active} onClick={() => void navigate(0)}>
            {t('tests.restart')}
          </Button>
          {/* Spec §2: the report button exists but is hidden. */}
          <button type="button" hidden>
            {t('tests.report')}
          </button>
        </>
      }
    >
      <TestTabs sparkId={sparkId} tests={tests.data} activeTestId={testId} />
      {active && (
        <AssistantBubble>
          <p>{spark.options.initialMessage}</p>
        </AssistantBubble>
      )}
      <Modal
        open={tests.data.length === 0 && !noTestsAcknowledged}
        onOpenChange={(open) => !open && setNoTestsAcknowledged(true)}
        title={t('tests.noneTitle')}
        description={t('tests.noneBody')}
      >
        <div className="flex justify-end">
          <Button onClick={() => setNoTestsAcknowledged(true)}>{t('tests.understood')}</Button>
        </div>
      </Modal>
    </ChatFrame>
  );
}

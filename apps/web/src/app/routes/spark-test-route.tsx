import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/account/api/get-profile';
import { ChatView } from '../../features/chat/components/chat-view';
import { OBJECTIVES_KEY } from '../../features/objectives/api/use-objectives';
import { useSparkTests, useSparks } from '../../features/sparks/api/use-sparks';
import { TestTabs } from '../../features/sparks/components/test-tabs';
import { ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';
import { TestDialogs } from './spark-test/test-dialogs';
import { TestHeaderActions } from './spark-test/test-header-actions';
import { TestSidePanels } from './spark-test/test-side-panels';
import { testSlots } from './spark-test/test-slots';
import { useSaveCaseFlow } from './spark-test/use-save-case-flow';
import { useTestFinish } from './spark-test/use-test-finish';
import { useTestPanel } from './spark-test/use-test-panel';
import { useTestRestart } from './spark-test/use-test-restart';

/** product.md §2 test chat (`/spark/{id}/test/{testId}` and `/mobile-test/...`): tabs, restart, finish, and the hidden report button. */
export function SparkTestRoute() {
  const { t } = useTranslation();
  const { sparkId = '', testId } = useParams();
  const sparks = useSparks();
  const tests = useSparkTests(sparkId);
  const profile = useProfile();
  const onEvent = useChatEvents();
  const queryClient = useQueryClient();
  const location = useLocation();
  const panels = useTestPanel(sparkId);
  const saveCase = useSaveCaseFlow(panels.setPanel);
  const spark = sparks.data?.find((item) => item._id === sparkId);
  const [noTestsAcknowledged, setNoTestsAcknowledged] = useState(false);
  const active = tests.data?.find((test) => test._id === testId);
  const { generation, restart } = useTestRestart(sparkId, active?._id);
  const finish = useTestFinish(sparkId, active?._id);
  useRouteTheme('test', spark?._id);
  useDocumentTitle(t('tests.documentTitle', { name: spark?.name ?? '' }));

  if (sparks.isPending || tests.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark || tests.isError) return <NotFoundRoute />;
  if (!testId && tests.data[0]) return <Navigate to={`/spark/${sparkId}/test/${tests.data[0]._id}${location.search}`} replace />;
  if (testId && !active) return <NotFoundRoute />;
  return (
    <ChatFrame
      theme="test"
      fill
      iconActions
      header={<h1 className="truncate text-lg font-semibold">{t('tests.title', { name: spark.name })}</h1>}
      actions={
        <TestHeaderActions
          sparkId={sparkId}
          hasActiveTest={active !== undefined}
          panels={panels}
          onRestart={restart}
          onFinish={() => finish.setFinishing(true)}
          onSaveCase={() => saveCase.setSavingCase(true)}
        />
      }
    >
      <div className="shrink-0 px-3 pt-3 desktop:px-6">
        <TestTabs sparkId={sparkId} tests={tests.data} activeTestId={testId} />
      </div>
      <div className="flex min-h-0 flex-1">
        {active && (
          <ChatView
            key={`${active._id}:${generation}`}
            target={{ kind: 'test', sparkId, testId: active._id }}
            userId={profile.data?.id}
            onEvent={onEvent}
            // A question asked completes the Spark's "ask it a question" step.
            onTurnFinished={() => void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY })}
            slots={testSlots(sparkId)}
          />
        )}
        <TestSidePanels sparkId={sparkId} sparkName={spark.name} panels={panels} />
      </div>
      <TestDialogs
        sparkId={sparkId}
        activeTestId={active?._id}
        finish={finish}
        saveCase={saveCase}
        noTestsShown={tests.data.length === 0 && !noTestsAcknowledged}
        onNoTestsAcknowledged={() => setNoTestsAcknowledged(true)}
      />
    </ChatFrame>
  );
}

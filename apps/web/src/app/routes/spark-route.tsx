import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EditableTitle } from '../../components/ui/editable-title';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/account/api/get-profile';
import { ChatView } from '../../features/chat/components/chat-view';
import { SPARKS_KEY, useSparkMutations, useSparkTests, useSparks } from '../../features/sparks/api/use-sparks';
import { useViewportStore } from '../../lib/viewport-store';
import { ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';

const TESTS_LINK = 'rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary';

/** Spec §2 `/spark/{sparkId}`: the Spark's builder chat, with its editable name as the title. */
export function SparkRoute() {
  const { t } = useTranslation();
  const { sparkId = '' } = useParams();
  const sparks = useSparks();
  const tests = useSparkTests(sparkId);
  const profile = useProfile();
  const { update } = useSparkMutations();
  const queryClient = useQueryClient();
  const onEvent = useChatEvents();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const [sending, setSending] = useState(false);
  const spark = sparks.data?.find((item) => item._id === sparkId);
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(spark?.name ?? t('sparks.loading'));
  // The assistant's tools rename and reconfigure the Spark and add tests: the sidebar and title follow.
  const onTurnFinished = useCallback(() => void queryClient.invalidateQueries({ queryKey: SPARKS_KEY }), [queryClient]);
  // Asked at the click, so a test the assistant created a moment ago is already counted.
  const { refetch: refetchTests } = tests;
  const hasTests = useCallback(async () => ((await refetchTests()).data?.length ?? 0) > 0, [refetchTests]);

  if (sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
  // Spec §2: on mobile the tests button waits while a message is being answered.
  const testsBlocked = sending && !isDesktop;
  return (
    <ChatFrame
      theme="normal"
      fill
      header={<EditableTitle value={spark.name} label={t('sparks.title')} saveLabel={t('common.save')} onSave={(name) => update.mutateAsync({ sparkId, patch: { name } })} />}
      actions={
        testsBlocked ? (
          <span role="link" aria-disabled="true" className={`${TESTS_LINK} cursor-not-allowed opacity-60`}>
            {t('sparks.tests')}
          </span>
        ) : (
          <Link to={`/spark/${sparkId}/test`} className={TESTS_LINK}>
            {t('sparks.tests')}
          </Link>
        )
      }
    >
      <ChatView
        key={sparkId}
        target={{ kind: 'builder', sparkId }}
        userId={profile.data?.id}
        hasTests={hasTests}
        onTurnFinished={onTurnFinished}
        onEvent={onEvent}
        onSendingChange={setSending}
      />
    </ChatFrame>
  );
}

import { TEST_VERDICTS, TIMINGS_MS } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PanelToggleButton } from '../../components/ui/panel-toggle-button';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { MoreActionsMenu } from '../../components/ui/more-actions-menu';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/account/api/get-profile';
import type { AnswerSlots } from '../../features/chat/answer-slots';
import { ChatView } from '../../features/chat/components/chat-view';
import { TestSatisfactionDialog } from '../../features/chat/components/test-satisfaction-dialog';
import { conversationStorage } from '../../features/chat/conversation-storage';
import { usePendingBuilderMessage } from '../../features/chat/pending-builder-message';
import { PassagePreview } from '../../features/documents/components/passage-preview';
import { RetrievalInspector } from '../../features/documents/components/retrieval-inspector';
import { AnswerFeedback, isVotable } from '../../features/feedback/components/answer-feedback';
import { OBJECTIVES_KEY } from '../../features/objectives/api/use-objectives';
import { ObjectivesButton } from '../../features/objectives/components/objectives-button';
import { ObjectivesSidePanel } from '../../features/objectives/components/objectives-side-panel';
import { useSparkTests, useSparks, useTestMutations } from '../../features/sparks/api/use-sparks';
import { TestTabs } from '../../features/sparks/components/test-tabs';
import { SaveCaseDialog } from '../../features/test-cases/components/save-case-dialog';
import { TestSuiteSidePanel } from '../../features/test-cases/components/test-suite-side-panel';
import { useViewportStore } from '../../lib/viewport-store';
import { ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';

const HEADER_BUTTON = 'text-white hover:bg-white/15';

/** product.md §2 test chat (`/spark/{id}/test/{testId}` and `/mobile-test/...`): tabs, restart, finish, and the hidden report button. */
export function SparkTestRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sparkId = '', testId } = useParams();
  const sparks = useSparks();
  const tests = useSparkTests(sparkId);
  const profile = useProfile();
  const { remove } = useTestMutations(sparkId);
  const queueBuilderMessage = usePendingBuilderMessage((state) => state.queue);
  const onEvent = useChatEvents();
  const queryClient = useQueryClient();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const location = useLocation();
  const [params] = useSearchParams();
  // One side panel at a time: the objectives, or the saved tests (?panel=tests opens them, as the deploy panel's warning does).
  const [panel, setPanel] = useState<'objectives' | 'tests' | null>(params.get('panel') === 'tests' ? 'tests' : null);
  const objectivesOpen = panel === 'objectives';
  const setObjectivesOpen = (open: boolean | ((current: boolean) => boolean)) =>
    setPanel((current) => ((typeof open === 'function' ? open(current === 'objectives') : open) ? 'objectives' : current === 'objectives' ? null : current));
  const objectivesButtonRef = useRef<HTMLButtonElement>(null);
  const suiteButtonRef = useRef<HTMLButtonElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const [savingCase, setSavingCase] = useState(false);
  const [savedNotice, setSavedNotice] = useState(false);
  // product.md §4: the panel closes when the active Spark changes.
  const firstSpark = useRef(sparkId);
  useEffect(() => {
    if (firstSpark.current !== sparkId) setPanel(null);
    firstSpark.current = sparkId;
  }, [sparkId]);
  const spark = sparks.data?.find((item) => item._id === sparkId);
  const [noTestsAcknowledged, setNoTestsAcknowledged] = useState(false);
  // Restarting remounts the chat, which then finds no stored conversation and starts anew.
  const [generation, setGeneration] = useState(0);
  const [finishing, setFinishing] = useState(false);
  useRouteTheme('test', spark?._id);
  // A citation opens its whole passage; an answer built from passages says which and why.
  const slots: AnswerSlots = {
    citationPassage: (citation) => (citation.chunkId ? <PassagePreview sparkId={sparkId} citation={citation} /> : undefined),
    details: (message) => (
      <>
        {message.data.sources?.length ? <RetrievalInspector sources={message.data.sources} citations={message.data.citations ?? []} /> : null}
        {isVotable(message) && <AnswerFeedback sparkId={sparkId} message={message} />}
      </>
    ),
  };
  useDocumentTitle(t('tests.documentTitle', { name: spark?.name ?? '' }));

  if (sparks.isPending || tests.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark || tests.isError) return <NotFoundRoute />;
  const active = tests.data.find((test) => test._id === testId);
  if (!testId && tests.data[0]) return <Navigate to={`/spark/${sparkId}/test/${tests.data[0]._id}${location.search}`} replace />;
  if (testId && !active) return <NotFoundRoute />;

  /** product.md §4: restarting removes the test's stored conversation and starts a new one with 'inicio'. */
  const restart = () => {
    if (!active) {
      console.error('[tests] there is no active test to restart');
      return;
    }
    conversationStorage().remove({ kind: 'test', sparkId, testId: active._id });
    setGeneration((current) => current + 1);
  };

  /**
   * product.md §4 test satisfaction: either answer deletes the test. Yes reports 'test satisfactory' in
   * the Spark's chat; No resets that chat and, 500 ms later, reports 'test not satisfactory'.
   */
  const answer = (satisfactory: boolean) => {
    if (!active) return;
    remove.mutate(active._id, {
      onSuccess: () => {
        const storage = conversationStorage();
        storage.remove({ kind: 'test', sparkId, testId: active._id });
        if (satisfactory) queueBuilderMessage(sparkId, TEST_VERDICTS.satisfactory);
        else {
          storage.remove({ kind: 'builder', sparkId });
          queueBuilderMessage(sparkId, TEST_VERDICTS.notSatisfactory, TIMINGS_MS.delayedSendAfterReset);
        }
        setFinishing(false);
        void navigate(`/spark/${sparkId}`);
      },
      onError: () => setFinishing(false),
    });
  };

  // Phones show the title, the ring and one menu: four buttons in a row would leave the conversation little room.
  const phoneOnly = 'min-[480px]:hidden';
  const widerOnly = 'max-[479px]:hidden';
  const toggleSuite = () => setPanel((current) => (current === 'tests' ? null : 'tests'));
  // Closing the saved tests gives focus back to what opened them: its button, or on a phone the menu.
  const focusShown = (...buttons: Array<HTMLButtonElement | null>) => buttons.find((button) => button?.offsetParent)?.focus();

  return (
    <ChatFrame
      theme="test"
      fill
      iconActions
      header={<h1 className="truncate text-lg font-semibold">{t('tests.title', { name: spark.name })}</h1>}
      actions={
        <>
          <Button variant="ghost" className={`${HEADER_BUTTON} ${widerOnly}`} disabled={!active} onClick={restart}>
            {t('tests.restart')}
          </Button>
          <Button variant="ghost" className={`${HEADER_BUTTON} border border-white/70 ${widerOnly}`} disabled={!active} onClick={() => setFinishing(true)}>
            {t('chat.satisfaction.finish')}
          </Button>
          <Button
            variant="ghost"
            className={`${HEADER_BUTTON} border border-white/70 ${widerOnly}`}
            disabled={!active}
            onClick={() => setSavingCase(true)}
            data-testid="save-test-case"
          >
            {t('testCases.save.button')}
          </Button>
          <PanelToggleButton
            open={panel === 'tests'}
            onToggle={toggleSuite}
            panelId="test-suite-panel"
            desktop={isDesktop}
            // Open, the button turns white and takes the header's colour for its text.
            className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg px-4 text-sm font-medium border border-white/70 ${widerOnly} ${panel === 'tests' ? '' : HEADER_BUTTON}`}
            buttonRef={suiteButtonRef}
            testId="test-suite-button"
          >
            {t('testCases.open')}
          </PanelToggleButton>
          <ObjectivesButton
            objectivesId={sparkId}
            open={objectivesOpen}
            onToggle={() => setObjectivesOpen((open) => !open)}
            buttonRef={objectivesButtonRef}
            // The same box as the saved-tests button beside it: height, padding and a border that follows the outline.
            className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-white/70 px-4 text-sm font-medium max-[479px]:px-2.5 ${objectivesOpen ? '' : HEADER_BUTTON}`}
          />
          <MoreActionsMenu
            label={t('tests.actions')}
            triggerRef={moreButtonRef}
            className={`inline-flex size-10 items-center justify-center rounded-lg border border-white/70 ${HEADER_BUTTON} ${phoneOnly}`}
            testId="test-actions"
            actions={[
              { label: t('tests.restart'), onSelect: restart, disabled: !active },
              { label: t('chat.satisfaction.finish'), onSelect: () => setFinishing(true), disabled: !active },
              { label: t('testCases.save.button'), onSelect: () => setSavingCase(true), disabled: !active },
              { label: t('testCases.open'), onSelect: toggleSuite },
            ]}
          />
          {/* product.md §2: the report button exists but is hidden. */}
          <button type="button" hidden>
            {t('tests.report')}
          </button>
        </>
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
            slots={slots}
          />
        )}
        <TestSuiteSidePanel
          sparkId={sparkId}
          open={panel === 'tests'}
          desktop={isDesktop}
          onClose={() => setPanel(null)}
          returnFocus={() => focusShown(suiteButtonRef.current, moreButtonRef.current)}
        />
        <ObjectivesSidePanel
          key={sparkId}
          objectivesId={sparkId}
          title={spark.name}
          open={objectivesOpen}
          desktop={isDesktop}
          onClose={() => setObjectivesOpen(false)}
          returnFocus={() => objectivesButtonRef.current?.focus()}
        />
      </div>
      <TestSatisfactionDialog
        open={finishing}
        onOpenChange={(open) => !remove.isPending && setFinishing(open)}
        onAnswer={answer}
        busy={remove.isPending}
        // Finishing deletes the chat: keeping it as a case comes first.
        onSaveCase={() => {
          setFinishing(false);
          setSavingCase(true);
        }}
      />
      <SaveCaseDialog
        sparkId={sparkId}
        testId={active?._id}
        open={savingCase}
        onOpenChange={setSavingCase}
        onSaved={() => {
          setSavingCase(false);
          setSavedNotice(true);
          setPanel('tests');
          void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY });
        }}
      />
      {savedNotice && (
        <p role="status" className="sr-only">
          {t('testCases.save.done')}
        </p>
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

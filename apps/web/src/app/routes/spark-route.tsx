import { INTEGRATIONS_PLAN_SLUG, planAllowsIntegrations } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EditableTitle } from '../../components/ui/editable-title';
import { PanelToggleButton } from '../../components/ui/panel-toggle-button';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/account/api/get-profile';
import type { AnswerSlots } from '../../features/chat/answer-slots';
import { ChatView, type ChatHandle } from '../../features/chat/components/chat-view';
import { documentsKey, useDocuments } from '../../features/documents/api/use-documents';
import { documentProblemText } from '../../features/documents/document-messages';
import { AttachMenu } from '../../features/documents/components/attach-menu';
import { DocumentsSidePanel } from '../../features/documents/components/documents-side-panel';
import { FileDropZone } from '../../features/documents/components/file-drop-zone';
import { PassagePreview } from '../../features/documents/components/passage-preview';
import { UploadDialog } from '../../features/documents/components/upload-dialog';
import { isSettling } from '../../features/documents/document-rules';
import { useDocumentLoadCheck } from '../../features/documents/use-document-load-check';
import { useUploadFlow } from '../../features/documents/use-upload-flow';
import { HiddenFileInput } from '../../features/documents/components/hidden-file-input';
import { OBJECTIVES_KEY } from '../../features/objectives/api/use-objectives';
import { ObjectivesButton } from '../../features/objectives/components/objectives-button';
import { ObjectivesSidePanel } from '../../features/objectives/components/objectives-side-panel';
import { useReportObjectiveStep } from '../../features/objectives/api/report-objective-step';
import { DeploySidePanel } from '../../features/deploy/components/deploy-side-panel';
import { usePendingBuilderMessage } from '../../features/chat/pending-builder-message';
import { useSharepointStatus } from '../../features/integrations/api/use-sharepoint';
import { LastRunWarning } from '../../features/test-cases/components/last-run-warning';
import { SharepointSidePanel } from '../../features/integrations/components/sharepoint-side-panel';
import { useSharepointReturn } from '../../features/integrations/use-sharepoint-return';
import { SPARKS_KEY, useSparkMutations, useSparkTests, useSparks } from '../../features/sparks/api/use-sparks';
import { useViewportStore } from '../../lib/viewport-store';
import { ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';
import { LineIcon } from '../../components/ui/line-icon';

type Panel = 'documents' | 'objectives' | 'deploy' | 'sharepoint';
const PANELS_BY_QUERY: Record<string, Panel> = { deploy: 'deploy', sharepoint: 'sharepoint', documents: 'documents' };

const HEADER_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary';

/** The header's Documents button: how many there are, and a spinner while one is being read. */
function DocumentsButton({ sparkId, open, onToggle, buttonRef }: { sparkId: string; open: boolean; onToggle: () => void; buttonRef: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const documents = useDocuments(sparkId);
  const count = documents.data?.length ?? 0;
  const reading = documents.data?.some(isSettling) ?? false;
  return (
    <PanelToggleButton
      open={open}
      onToggle={onToggle}
      panelId="documents-panel"
      desktop={isDesktop}
      className={HEADER_BUTTON}
      buttonRef={buttonRef}
      testId="documents-button"
    >
      <LineIcon className="size-4" d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />
      {/* Named "Documents" everywhere; narrow phones show only the icon and the count. */}
      <span className="sr-only min-[480px]:not-sr-only">{t('documents.open')}</span>
      {count > 0 && (
        <>
          <span className="sr-only">, </span>
          <span className="rounded-full bg-white/25 px-1.5 text-xs tabular-nums">{count}</span>
        </>
      )}
      {reading && (
        <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
      )}
    </PanelToggleButton>
  );
}

/** product.md §2 `/spark/{sparkId}`: the Spark's builder chat, with its editable name as the title, its attach menu and documents. */
export function SparkRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sparkId = '' } = useParams();
  // Shared with the documents button's query (same key): a failed upload's builder answer says why.
  const sparkDocuments = useDocuments(sparkId);
  const sparks = useSparks();
  const tests = useSparkTests(sparkId);
  const profile = useProfile();
  const { update } = useSparkMutations();
  const queryClient = useQueryClient();
  const onEvent = useChatEvents();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const [sending, setSending] = useState(false);
  const [attachOpen, setAttachOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  // The deploy assistant's "Allow my website" lands here with ?panel=deploy; the builder's library card with ?panel=sharepoint;
  // an objective's step with ?panel=documents or ?panel=deploy.
  const [panel, setPanel] = useState<Panel | null>(PANELS_BY_QUERY[params.get('panel') ?? ''] ?? null);
  const queuedPanel = params.get('panel');
  useEffect(() => {
    const asked = PANELS_BY_QUERY[queuedPanel ?? ''];
    if (asked) setPanel(asked);
  }, [queuedPanel]);
  const reportStep = useReportObjectiveStep();
  const chatRef = useRef<ChatHandle>(null);
  const documentsButtonRef = useRef<HTMLButtonElement>(null);
  const objectivesButtonRef = useRef<HTMLButtonElement>(null);
  const deployButtonRef = useRef<HTMLButtonElement>(null);
  const [connectError, setConnectError] = useState<string | null>(null);
  // Remounting the chat makes it send the queued request once it has loaded its conversation.
  const [chatGeneration, setChatGeneration] = useState(0);
  const queueBuilderMessage = usePendingBuilderMessage((state) => state.queue);
  // product.md §4: the panel closes when the active Spark changes; one side panel shows at a time.
  const firstSpark = useRef(sparkId);
  useEffect(() => {
    if (firstSpark.current !== sparkId) setPanel(null);
    firstSpark.current = sparkId;
  }, [sparkId]);
  const toggle = (which: Panel) => setPanel((open) => (open === which ? null : which));
  const spark = sparks.data?.find((item) => item._id === sparkId);
  // product.md §6: the library connection is offered only on the plan that includes it (and a server that has it set up).
  const libraryPlan = planAllowsIntegrations(profile.data?.tenants[0]?.subscription.productName);
  const sharepoint = useSharepointStatus(sparkId, libraryPlan);
  const libraryOffered = libraryPlan && sharepoint.data !== undefined && sharepoint.data.state !== 'unavailable';
  // Files a sync brings or removes are documents too: the header's count and the documents panel follow.
  const importedFiles = sharepoint.data?.files.map((file) => `${file.documentId}:${file.status}`).join() ?? '';
  useEffect(() => {
    if (importedFiles) void queryClient.invalidateQueries({ queryKey: documentsKey(sparkId) });
  }, [importedFiles, sparkId, queryClient]);
  useSharepointReturn(sparkId, {
    onConnected: () => {
      setConnectError(null);
      setPanel('sharepoint');
      // product.md §2: the return asks the builder chat for documents from the connected library.
      queueBuilderMessage(sparkId, t('sharepoint.connectedMessage'));
      setChatGeneration((generation) => generation + 1);
    },
    onFailed: (reason) => {
      setConnectError(reason);
      setPanel('sharepoint');
    },
  });
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(spark?.name ?? t('sparks.loading'));
  // The assistant's tools rename and reconfigure the Spark and add tests: the sidebar, title and objectives follow.
  const onTurnFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
    void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY });
  }, [queryClient]);
  // Asked at the click, so a test the assistant created a moment ago is already counted.
  const { refetch: refetchTests } = tests;
  const hasTests = useCallback(async () => ((await refetchTests()).data?.length ?? 0) > 0, [refetchTests]);
  // The upload's bubble and the assistant's answer to it join the builder chat.
  const upload = useUploadFlow({
    sparkId,
    conversationId: () => chatRef.current?.conversationId() ?? null,
    onUploaded: (result) => chatRef.current?.append(result.messages, result.conversationId),
  });
  // The new-spark assistant's "Upload documents" lands here with ?upload=pick: the documents panel
  // opens, and so does the file picker while the click that led here still counts as the user's.
  const pickerRef = useRef<HTMLInputElement>(null);
  const wantsPicker = params.get('upload') === 'pick' && spark !== undefined;
  useEffect(() => {
    if (!wantsPicker) return;
    setPanel('documents');
    pickerRef.current?.click();
    const next = new URLSearchParams(params);
    next.delete('upload');
    setParams(next, { replace: true });
  }, [wantsPicker, params, setParams]);
  // "Upload a document", typed or chosen, opens the attach menu as well as going to the assistant.
  const onUserMessage = useDocumentLoadCheck(sparkId, () => setAttachOpen(true));
  const slots: AnswerSlots = {
    citationPassage: (citation) => (citation.chunkId ? <PassagePreview sparkId={sparkId} citation={citation} /> : undefined),
    documentFailure: (documentId) => {
      const document = sparkDocuments.data?.find((item) => item._id === documentId);
      return document?.status === 'failed' && document.problem ? documentProblemText(t, document.problem, document.kind) : null;
    },
  };

  if (sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
  // product.md §2: on mobile the tests button waits while a message is being answered.
  const testsBlocked = sending && !isDesktop;
  return (
    <ChatFrame
      theme="normal"
      fill
      header={
        <>
          {/* The visible title is an editable field; screen readers still need the page's heading. */}
          <h1 className="sr-only">{spark.name}</h1>
          <EditableTitle
            value={spark.name}
            label={t('sparks.title')}
            saveLabel={t('common.save')}
            onSave={(name) => update.mutateAsync({ sparkId, patch: { name } })}
          />
        </>
      }
      actions={
        <>
          <ObjectivesButton
            objectivesId={sparkId}
            open={panel === 'objectives'}
            onToggle={() => toggle('objectives')}
            buttonRef={objectivesButtonRef}
            className={HEADER_BUTTON}
          />
          <DocumentsButton sparkId={sparkId} open={panel === 'documents'} onToggle={() => toggle('documents')} buttonRef={documentsButtonRef} />
          <PanelToggleButton
            open={panel === 'deploy'}
            onToggle={() => toggle('deploy')}
            panelId="deploy-panel"
            desktop={isDesktop}
            className={HEADER_BUTTON}
            buttonRef={deployButtonRef}
            testId="deploy-button"
          >
            <LineIcon className="size-4" d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.6 9h16.8M3.6 15h16.8M12 3a15 15 0 0 1 0 18M12 3a15 15 0 0 0 0 18" />
            <span className="sr-only min-[480px]:not-sr-only">{t('deploy.open')}</span>
          </PanelToggleButton>
          <Link to={`/spark/${sparkId}/insights`} className={HEADER_BUTTON} data-testid="insights-link">
            <LineIcon className="size-4" d="M4 19V5M4 19h16M8 15v-3M12 15V9M16 15v-6" />
            <span className="sr-only min-[480px]:not-sr-only">{t('insights.open')}</span>
          </Link>
          {testsBlocked ? (
            <span role="link" aria-disabled="true" className={`${HEADER_BUTTON} cursor-not-allowed opacity-60`}>
              {t('sparks.tests')}
            </span>
          ) : (
            <Link to={`/spark/${sparkId}/test`} className={HEADER_BUTTON}>
              {t('sparks.tests')}
            </Link>
          )}
        </>
      }
    >
      <div className="flex min-h-0 flex-1">
        <FileDropZone onFile={upload.choose}>
          <ChatView
            key={`${sparkId}:${chatGeneration}`}
            ref={chatRef}
            target={{ kind: 'builder', sparkId }}
            userId={profile.data?.id}
            hasTests={hasTests}
            onTurnFinished={onTurnFinished}
            onEvent={onEvent}
            onSendingChange={setSending}
            onUserMessage={onUserMessage}
            slots={slots}
            attachMenu={
              <AttachMenu
                open={attachOpen}
                onOpenChange={setAttachOpen}
                onFile={upload.choose}
                {...(libraryOffered
                  ? { library: { label: t('sharepoint.attach'), hint: t('sharepoint.attachHint'), onSelect: () => setPanel('sharepoint') } }
                  : {})}
              />
            }
          />
        </FileDropZone>
        <HiddenFileInput ref={pickerRef} onFile={upload.choose} />
        <DocumentsSidePanel
          sparkId={sparkId}
          open={panel === 'documents'}
          desktop={isDesktop}
          onClose={() => setPanel(null)}
          returnFocus={() => documentsButtonRef.current?.focus()}
          onFile={upload.choose}
          answerSource={{
            generalKnowledge: spark.options.generalKnowledge,
            saving: update.isPending,
            onChange: (generalKnowledge) => update.mutate({ sparkId, patch: { generalKnowledge } }),
          }}
        />
        <DeploySidePanel
          sparkId={sparkId}
          sparkName={spark.name}
          open={panel === 'deploy'}
          desktop={isDesktop}
          onClose={() => setPanel(null)}
          returnFocus={() => deployButtonRef.current?.focus()}
          onSnippetCopied={() => reportStep.mutate({ scope: 'deploy', stepId: 'deploy:snippet', status: 'completed' })}
          notice={<LastRunWarning sparkId={sparkId} />}
        />
        <SharepointSidePanel
          sparkId={sparkId}
          open={panel === 'sharepoint'}
          desktop={isDesktop}
          connectError={connectError}
          onViewPlans={() => void navigate({ search: `?panel=sharepoint&showPlans=true&plan=${INTEGRATIONS_PLAN_SLUG}` })}
          onClose={() => setPanel(null)}
          // Opened from the attach menu (or the chat's card): focus goes back to the attach button.
          returnFocus={() => document.querySelector<HTMLElement>('[data-testid="attach-button"]')?.focus()}
        />
        <ObjectivesSidePanel
          key={sparkId}
          objectivesId={sparkId}
          title={spark.name}
          open={panel === 'objectives'}
          desktop={isDesktop}
          onClose={() => setPanel(null)}
          returnFocus={() => objectivesButtonRef.current?.focus()}
        />
      </div>
      <UploadDialog flow={upload} onViewPlans={() => void navigate({ search: '?showPlans=true' })} />
    </ChatFrame>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EditableTitle } from '../../components/ui/editable-title';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/account/api/get-profile';
import { ChatView, type ChatHandle } from '../../features/chat/components/chat-view';
import { AttachMenu } from '../../features/documents/components/attach-menu';
import { FileDropZone } from '../../features/documents/components/file-drop-zone';
import { HiddenFileInput } from '../../features/documents/components/hidden-file-input';
import { UploadDialog } from '../../features/documents/components/upload-dialog';
import { useDocumentLoadCheck } from '../../features/documents/use-document-load-check';
import { useUploadFlow } from '../../features/documents/use-upload-flow';
import { useSparkMutations, useSparks } from '../../features/sparks/api/use-sparks';
import { useViewportStore } from '../../lib/viewport-store';
import { ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';
import { NotFoundRoute } from './not-found-route';
import { AddWebsiteFromChat } from './spark/add-website-from-chat';
import { SparkHeaderActions } from './spark/spark-header-actions';
import { SparkSidePanels } from './spark/spark-side-panels';
import { useBuilderSlots } from './spark/use-builder-slots';
import { useBuilderTurnCallbacks } from './spark/use-builder-turn-callbacks';
import { useLibraryConnection } from './spark/use-library-connection';
import { useSparkPanel } from './spark/use-spark-panel';
import { useUploadPickRequest } from './spark/use-upload-pick-request';

/** product.md §2 `/spark/{sparkId}`: the Spark's builder chat, with its editable name as the title, its attach menu and documents. */
export function SparkRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { sparkId = '' } = useParams();
  const sparks = useSparks();
  const profile = useProfile();
  const { update } = useSparkMutations();
  const onEvent = useChatEvents();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const [sending, setSending] = useState(false);
  const [attachOpen, setAttachOpen] = useState(false);
  const [addingWebsite, setAddingWebsite] = useState(false);
  const panels = useSparkPanel(sparkId);
  const { setPanel } = panels;
  const chatRef = useRef<ChatHandle>(null);
  const spark = sparks.data?.find((item) => item._id === sparkId);
  const library = useLibraryConnection(sparkId, setPanel);
  useRouteTheme('normal', spark?._id);
  useDocumentTitle(spark?.name ?? t('sparks.loading'));
  const { onTurnFinished, hasTests } = useBuilderTurnCallbacks(sparkId);
  // The upload's bubble and the assistant's answer to it join the builder chat.
  const upload = useUploadFlow({
    sparkId,
    conversationId: () => chatRef.current?.conversationId() ?? null,
    onUploaded: (result) => chatRef.current?.append(result.messages, result.conversationId),
  });
  const pickerRef = useUploadPickRequest(spark !== undefined, setPanel);
  // "Upload a document", typed or chosen, opens the attach menu as well as going to the assistant.
  const onUserMessage = useDocumentLoadCheck(sparkId, () => setAttachOpen(true));
  const slots = useBuilderSlots(sparkId);

  // A Spark missing from a list being fetched again may be one just made (by the new-spark chat): not "not found" yet.
  if (sparks.isPending || (!spark && sparks.isFetching)) return <Spinner label={t('sparks.loading')} />;
  if (!spark) return <NotFoundRoute />;
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
      actions={<SparkHeaderActions sparkId={sparkId} panels={panels} testsBlocked={sending && !isDesktop} />}
    >
      <div className="flex min-h-0 flex-1">
        <FileDropZone onFile={upload.choose}>
          <ChatView
            // A language switch opens the builder afresh in the new language (startsAfresh in the chat's rules).
            key={`${sparkId}:${library.chatGeneration}:${i18n.resolvedLanguage ?? ''}`}
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
                onWebsite={() => setAddingWebsite(true)}
                {...(library.libraryOffered
                  ? { library: { label: t('sharepoint.attach'), hint: t('sharepoint.attachHint'), onSelect: () => setPanel('sharepoint') } }
                  : {})}
              />
            }
          />
        </FileDropZone>
        <HiddenFileInput ref={pickerRef} onFile={upload.choose} />
        <SparkSidePanels spark={spark} panels={panels} update={update} onFile={upload.choose} connectError={library.connectError} />
      </div>
      <UploadDialog flow={upload} onViewPlans={() => void navigate({ search: '?showPlans=true' })} />
      <AddWebsiteFromChat sparkId={sparkId} open={addingWebsite} onClose={() => setAddingWebsite(false)} onAdded={() => setPanel('documents')} />
    </ChatFrame>
  );
}

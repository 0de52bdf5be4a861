import { planAllowsIntegrations } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../features/account/api/get-profile';
import { usePendingBuilderMessage } from '../../../features/chat/pending-builder-message';
import { documentsKey } from '../../../features/documents/api/use-documents';
import { useSharepointStatus } from '../../../features/integrations/api/use-sharepoint';
import { useSharepointReturn } from '../../../features/integrations/use-sharepoint-return';
import type { SparkPanel } from './use-spark-panel';

/**
 * The SharePoint library as the Spark screen sees it: whether to offer it, what the last connection
 * attempt said, and a chat generation that moves on when a connection asks the builder for files.
 */
export function useLibraryConnection(sparkId: string, setPanel: (panel: SparkPanel) => void) {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const queueBuilderMessage = usePendingBuilderMessage((state) => state.queue);
  const [connectError, setConnectError] = useState<string | null>(null);
  // Remounting the chat makes it send the queued request once it has loaded its conversation.
  const [chatGeneration, setChatGeneration] = useState(0);
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
  return { libraryOffered, connectError, chatGeneration };
}

import {
  authorizeIntegrationRoute,
  disconnectSharepointRoute,
  sharepointDrivesRoute,
  sharepointFoldersRoute,
  sharepointSelectionRoute,
  sharepointSitesRoute,
  sharepointStatusRoute,
  sharepointSyncRoute,
  type SharepointStatus,
} from '@sparks/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const sharepointKey = (sparkId: string) => ['sparks', sparkId, 'sharepoint'] as const;

/** Files still being fetched or read keep the status refreshing, so each file's badge follows. */
const settling = (status: SharepointStatus | undefined) =>
  !!status && (status.sync.running || status.files.some((file) => file.status === 'queued' || file.status === 'processing'));

/** The Spark's SharePoint connection; polled while a sync or an ingestion is under way. */
export function useSharepointStatus(sparkId: string, enabled = true) {
  return useQuery({
    queryKey: sharepointKey(sparkId),
    queryFn: async (): Promise<SharepointStatus> => apiCall(sharepointStatusRoute, { params: { sparkId } }),
    enabled: enabled && Boolean(sparkId),
    refetchInterval: (query) => (settling(query.state.data) ? 1500 : false),
  });
}

export function useSharepointSites(sparkId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'sites', q],
    queryFn: async () => apiCall(sharepointSitesRoute, { params: { sparkId }, query: q ? { q } : {} }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSharepointDrives(sparkId: string, siteId: string | null) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'drives', siteId],
    queryFn: async () => apiCall(sharepointDrivesRoute, { params: { sparkId, siteId: siteId ?? '' } }),
    enabled: Boolean(siteId),
  });
}

export function useSharepointFolders(sparkId: string, driveId: string | null, parent: string | null) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'folders', driveId, parent],
    queryFn: async () => apiCall(sharepointFoldersRoute, { params: { sparkId, driveId: driveId ?? '' }, query: parent ? { parent } : {} }),
    enabled: Boolean(driveId),
  });
}

/** Where the connect window goes: Microsoft's sign-in and consent for this Spark. */
export async function fetchAuthorizeUrl(sparkId: string): Promise<string> {
  return (await apiCall(authorizeIntegrationRoute, { params: { sparkId }, query: { service: 'sharepoint' } })).authUrl;
}

/** Choosing folders, syncing and disconnecting; each answer (or a refetch) replaces the cached status. */
export function useSharepointMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const remember = (status: SharepointStatus) => queryClient.setQueryData(sharepointKey(sparkId), status);
  const refreshDocuments = () => queryClient.invalidateQueries({ queryKey: ['sparks', sparkId] });
  return {
    select: useMutation({
      mutationFn: async (body: { siteId: string; driveId: string; folderIds: string[] }) => apiCall(sharepointSelectionRoute, { params: { sparkId }, body }),
      onSuccess: remember,
    }),
    sync: useMutation({
      mutationFn: async () => apiCall(sharepointSyncRoute, { params: { sparkId } }),
      onSuccess: remember,
    }),
    disconnect: useMutation({
      mutationFn: async (removeDocuments: boolean) =>
        apiCall(disconnectSharepointRoute, { params: { sparkId }, query: { removeDocuments: removeDocuments ? 'true' : 'false' } }),
      onSuccess: () => void refreshDocuments(),
    }),
  };
}

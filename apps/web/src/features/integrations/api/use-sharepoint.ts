import {
  authorizeResponseSchema,
  drivesResponseSchema,
  foldersResponseSchema,
  sharepointStatusSchema,
  sitesResponseSchema,
  type SharepointStatus,
} from '@sparks/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const sharepointKey = (sparkId: string) => ['sparks', sparkId, 'sharepoint'] as const;

/** Files still being fetched or read keep the status refreshing, so each file's badge follows. */
const settling = (status: SharepointStatus | undefined) =>
  !!status && (status.sync.running || status.files.some((file) => file.status === 'queued' || file.status === 'processing'));

/** The Spark's SharePoint connection; polled while a sync or an ingestion is under way. */
export function useSharepointStatus(sparkId: string, enabled = true) {
  return useQuery({
    queryKey: sharepointKey(sparkId),
    queryFn: async (): Promise<SharepointStatus> => sharepointStatusSchema.parse(await apiClient.get(`/sparks/${sparkId}/integrations/sharepoint`)),
    enabled: enabled && Boolean(sparkId),
    refetchInterval: (query) => (settling(query.state.data) ? 1500 : false),
  });
}

export function useSharepointSites(sparkId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'sites', q],
    queryFn: async () =>
      sitesResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/integrations/sharepoint/sites`, { params: q ? { q } : {} })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSharepointDrives(sparkId: string, siteId: string | null) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'drives', siteId],
    queryFn: async () =>
      drivesResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/integrations/sharepoint/sites/${encodeURIComponent(siteId ?? '')}/drives`)),
    enabled: Boolean(siteId),
  });
}

export function useSharepointFolders(sparkId: string, driveId: string | null, parent: string | null) {
  return useQuery({
    queryKey: [...sharepointKey(sparkId), 'folders', driveId, parent],
    queryFn: async () =>
      foldersResponseSchema.shape.data.parse(
        await apiClient.get(`/sparks/${sparkId}/integrations/sharepoint/drives/${encodeURIComponent(driveId ?? '')}/folders`, {
          params: parent ? { parent } : {},
        }),
      ),
    enabled: Boolean(driveId),
  });
}

/** Where the connect window goes: Microsoft's sign-in and consent for this Spark. */
export async function fetchAuthorizeUrl(sparkId: string): Promise<string> {
  return authorizeResponseSchema.shape.data.parse(
    await apiClient.get(`/sparks/${sparkId}/integrations/microsoft/authorize`, { params: { service: 'sharepoint' } }),
  ).authUrl;
}

/** Choosing folders, syncing and disconnecting; each answer (or a refetch) replaces the cached status. */
export function useSharepointMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const remember = (status: SharepointStatus) => queryClient.setQueryData(sharepointKey(sparkId), status);
  const refreshDocuments = () => queryClient.invalidateQueries({ queryKey: ['sparks', sparkId] });
  return {
    select: useMutation({
      mutationFn: async (body: { siteId: string; driveId: string; folderIds: string[] }) =>
        sharepointStatusSchema.parse(await apiClient.put(`/sparks/${sparkId}/integrations/sharepoint/selection`, body)),
      onSuccess: remember,
    }),
    sync: useMutation({
      mutationFn: async () => sharepointStatusSchema.parse(await apiClient.post(`/sparks/${sparkId}/integrations/sharepoint/sync`)),
      onSuccess: remember,
    }),
    disconnect: useMutation({
      mutationFn: async (removeDocuments: boolean) =>
        apiClient.delete(`/sparks/${sparkId}/integrations/sharepoint`, { params: { removeDocuments: String(removeDocuments) } }),
      onSuccess: () => void refreshDocuments(),
    }),
  };
}

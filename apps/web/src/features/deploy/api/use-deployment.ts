import {
  chatHistorySchema,
  deploymentSchema,
  visitorConversationListResponseSchema,
  type ChatHistory,
  type Deployment,
  type VisitorConversationSummary,
} from '@sparks/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const deploymentKey = (sparkId: string) => ['sparks', sparkId, 'deploy'] as const;

/** The Spark's deploy token, allowed websites and script tag. */
export function useDeployment(sparkId: string) {
  return useQuery({
    queryKey: deploymentKey(sparkId),
    queryFn: async (): Promise<Deployment> => deploymentSchema.parse(await apiClient.get(`/sparks/${sparkId}/deploy`)),
    enabled: Boolean(sparkId),
  });
}

/** Changes the allowed websites or the daily caps, or rotates the token; the answer replaces the cached deployment. */
export function useDeploymentMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const remember = (deployment: Deployment) => queryClient.setQueryData(deploymentKey(sparkId), deployment);
  return {
    setOrigins: useMutation({
      mutationFn: async (allowedOrigins: string[]) => deploymentSchema.parse(await apiClient.patch(`/sparks/${sparkId}/deploy`, { allowedOrigins })),
      onSuccess: remember,
    }),
    setCaps: useMutation({
      mutationFn: async (dailyCaps: { perVisitor: number | null; perSpark: number | null }) =>
        deploymentSchema.parse(await apiClient.patch(`/sparks/${sparkId}/deploy`, { dailyCaps })),
      onSuccess: remember,
    }),
    rotate: useMutation({
      mutationFn: async () => deploymentSchema.parse(await apiClient.post(`/sparks/${sparkId}/deploy/rotate`)),
      onSuccess: remember,
    }),
  };
}

/** Website visitors' conversations with the Spark, newest first, searched by `q`. */
export function useVisitorConversations(sparkId: string, q: string) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'visitor-conversations', q],
    queryFn: async (): Promise<VisitorConversationSummary[]> =>
      visitorConversationListResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/visitor-conversations`, { params: q ? { q } : {} })),
    placeholderData: keepPreviousData,
  });
}

/** One stored conversation, read whole. */
export function useConversation(conversationId: string | null) {
  return useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: async (): Promise<ChatHistory> => chatHistorySchema.parse(await apiClient.get(`/llm/chat-history/${conversationId}`)),
    enabled: Boolean(conversationId),
  });
}

import {
  chatHistoryRoute,
  configureDeploymentRoute,
  deploymentRoute,
  rotateDeployTokenRoute,
  visitorConversationsRoute,
  type ChatHistory,
  type Deployment,
  type Language,
  type VisitorConversationSummary,
  type VisitorRetentionDays,
  type WidgetTranslation,
} from '@sparks/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const deploymentKey = (sparkId: string) => ['sparks', sparkId, 'deploy'] as const;

/** The Spark's deploy token, allowed websites and script tag. */
export function useDeployment(sparkId: string) {
  return useQuery({
    queryKey: deploymentKey(sparkId),
    queryFn: async (): Promise<Deployment> => apiCall(deploymentRoute, { params: { sparkId } }),
    enabled: Boolean(sparkId),
  });
}

/** Changes one of the deploy settings, or rotates the token; the answer replaces the cached deployment. */
export function useDeploymentMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const remember = (deployment: Deployment) => queryClient.setQueryData(deploymentKey(sparkId), deployment);
  return {
    setOrigins: useMutation({
      mutationFn: async (allowedOrigins: string[]) => apiCall(configureDeploymentRoute, { params: { sparkId }, body: { allowedOrigins } }),
      onSuccess: remember,
    }),
    setCaps: useMutation({
      mutationFn: async (dailyCaps: { perVisitor: number | null; perSpark: number | null }) =>
        apiCall(configureDeploymentRoute, { params: { sparkId }, body: { dailyCaps } }),
      onSuccess: remember,
    }),
    setRetention: useMutation({
      mutationFn: async (visitorRetentionDays: VisitorRetentionDays) =>
        apiCall(configureDeploymentRoute, { params: { sparkId }, body: { visitorRetentionDays } }),
      onSuccess: remember,
    }),
    setSuggestedQuestions: useMutation({
      mutationFn: async (suggestedQuestions: string[]) => apiCall(configureDeploymentRoute, { params: { sparkId }, body: { suggestedQuestions } }),
      onSuccess: remember,
    }),
    setPrivacyUrl: useMutation({
      mutationFn: async (privacyUrl: string | null) => apiCall(configureDeploymentRoute, { params: { sparkId }, body: { privacyUrl } }),
      onSuccess: remember,
    }),
    setTranslation: useMutation({
      mutationFn: async ({ language, translation }: { language: Language; translation: WidgetTranslation | null }) =>
        apiCall(configureDeploymentRoute, { params: { sparkId }, body: { translations: { [language]: translation } } }),
      onSuccess: remember,
    }),
    rotate: useMutation({
      mutationFn: async () => apiCall(rotateDeployTokenRoute, { params: { sparkId } }),
      onSuccess: remember,
    }),
  };
}

/** Website visitors' conversations with the Spark, newest first, searched by `q`. */
export function useVisitorConversations(sparkId: string, q: string) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'visitor-conversations', q],
    queryFn: async (): Promise<VisitorConversationSummary[]> => apiCall(visitorConversationsRoute, { params: { sparkId }, query: q ? { q } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** One stored conversation, read whole. */
export function useConversation(conversationId: string | null) {
  return useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: async (): Promise<ChatHistory> => apiCall(chatHistoryRoute, { params: { id: conversationId! } }),
    enabled: Boolean(conversationId),
  });
}

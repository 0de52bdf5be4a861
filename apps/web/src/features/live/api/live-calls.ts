import {
  handBackRoute,
  liveConversationsRoute,
  liveTranscriptRoute,
  ownerMessageRoute,
  ownerTypingRoute,
  saveLiveAnswerRoute,
  takeOverRoute,
  type LiveConversation,
  type LiveTranscript,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const liveKey = (sparkId: string) => ['sparks', sparkId, 'live'] as const;
export const transcriptKey = (sparkId: string, conversationId: string) => [...liveKey(sparkId), conversationId] as const;

/** The Spark's conversations of the last 30 minutes, newest first; the Spark's stream says when to read them again. */
export function useLiveConversations(sparkId: string) {
  return useQuery({
    queryKey: liveKey(sparkId),
    queryFn: (): Promise<LiveConversation[]> => apiCall(liveConversationsRoute, { params: { sparkId } }),
  });
}

/** One conversation as stored; its stream adds what comes later. */
export function useLiveTranscript(sparkId: string, conversationId: string) {
  return useQuery({
    queryKey: transcriptKey(sparkId, conversationId),
    queryFn: (): Promise<LiveTranscript> => apiCall(liveTranscriptRoute, { params: { sparkId, conversationId } }),
    // The stream keeps it current; reading it again would only move the stream's starting point.
    staleTime: Infinity,
  });
}

/** Taking over, writing and handing back; the list shows who has the conversation. */
export function useLiveActions(sparkId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const params = { sparkId, conversationId };
  const refreshList = () => queryClient.invalidateQueries({ queryKey: liveKey(sparkId), exact: true });
  return {
    takeOver: useMutation({
      mutationFn: (handBackMinutes: number) => apiCall(takeOverRoute, { params, body: { handBackMinutes } }),
      onSuccess: refreshList,
    }),
    handBack: useMutation({ mutationFn: () => apiCall(handBackRoute, { params }), onSuccess: refreshList }),
    send: useMutation({ mutationFn: (text: string) => apiCall(ownerMessageRoute, { params, body: { text } }) }),
    typing: () => apiCall(ownerTypingRoute, { params }).catch(() => undefined),
  };
}

/** One of the owner's messages saved as the answer to the visitor's question before it. */
export function useSaveLiveAnswer(sparkId: string, conversationId: string) {
  return useMutation({ mutationFn: (seq: number) => apiCall(saveLiveAnswerRoute, { params: { sparkId, conversationId }, body: { seq } }) });
}

/** A JSON call that refreshes an expired token on the way, before a stream tries again. */
export const renewWith = (sparkId: string) => async () => {
  await apiCall(liveConversationsRoute, { params: { sparkId } }).catch(() => undefined);
};

import {
  connectMetaRoute,
  connectTelegramRoute,
  disconnectMessagingRoute,
  getMessagingRoute,
  testMessagingRoute,
  updateMessagingRoute,
  type ConnectMetaBody,
  type ConnectTelegramBody,
  type MessagingChannel,
  type MessagingPlatform,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const messagingKey = (sparkId: string, platform: MessagingPlatform) => ['sparks', sparkId, 'channels', platform] as const;

/** What each platform's connection asks for: a Page's three values from Meta, or a bot's token. */
export type ConnectBody<P extends MessagingPlatform> = P extends 'meta' ? ConnectMetaBody : ConnectTelegramBody;

/** The Spark's channel on Meta or Telegram: who it is connected to and whether messages flow. */
export function useMessaging(sparkId: string, platform: MessagingPlatform) {
  return useQuery({
    queryKey: messagingKey(sparkId, platform),
    queryFn: async (): Promise<MessagingChannel> => apiCall(getMessagingRoute, { params: { sparkId, platform } }),
    enabled: Boolean(sparkId),
  });
}

/** Connecting, switching, testing and disconnecting; each answer with the channel replaces the cached one. */
export function useMessagingMutations<P extends MessagingPlatform>(sparkId: string, platform: P) {
  const queryClient = useQueryClient();
  const key = messagingKey(sparkId, platform);
  const remember = (channel: MessagingChannel) => queryClient.setQueryData(key, channel);
  // A test the platform refused left a problem on the channel (and a disconnection left none): read it again.
  const reread = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    connect: useMutation<MessagingChannel, Error, ConnectBody<P>>({
      // Each platform has its own route (and body); a bot token is what tells them apart.
      mutationFn: async (body: ConnectMetaBody | ConnectTelegramBody) =>
        'botToken' in body ? apiCall(connectTelegramRoute, { params: { sparkId }, body }) : apiCall(connectMetaRoute, { params: { sparkId }, body }),
      onSuccess: remember,
    }),
    setPaused: useMutation({
      mutationFn: async (paused: boolean) => apiCall(updateMessagingRoute, { params: { sparkId, platform }, body: { paused } }),
      onSuccess: remember,
    }),
    setAllowGroups: useMutation({
      mutationFn: async (allowGroups: boolean) => apiCall(updateMessagingRoute, { params: { sparkId, platform }, body: { allowGroups } }),
      onSuccess: remember,
    }),
    sendTest: useMutation({
      mutationFn: async () => apiCall(testMessagingRoute, { params: { sparkId, platform } }),
      onSettled: reread,
    }),
    disconnect: useMutation({
      mutationFn: async () => apiCall(disconnectMessagingRoute, { params: { sparkId, platform } }),
      onSuccess: reread,
    }),
  };
}

export type MessagingMutations<P extends MessagingPlatform> = ReturnType<typeof useMessagingMutations<P>>;

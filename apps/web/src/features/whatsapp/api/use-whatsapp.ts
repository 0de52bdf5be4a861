import {
  connectWhatsappRoute,
  disconnectWhatsappRoute,
  getWhatsappRoute,
  testWhatsappRoute,
  updateWhatsappRoute,
  type ConnectWhatsappBody,
  type WhatsappChannel,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const whatsappKey = (sparkId: string) => ['sparks', sparkId, 'whatsapp'] as const;

/** The Spark's WhatsApp channel: what to paste into Meta's console and whether messages arrive. */
export function useWhatsapp(sparkId: string) {
  return useQuery({
    queryKey: whatsappKey(sparkId),
    queryFn: async (): Promise<WhatsappChannel> => apiCall(getWhatsappRoute, { params: { sparkId } }),
    enabled: Boolean(sparkId),
  });
}

/** Connecting, pausing, testing and disconnecting; each answer with the channel replaces the cached one. */
export function useWhatsappMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const remember = (channel: WhatsappChannel) => queryClient.setQueryData(whatsappKey(sparkId), channel);
  // A test that failed left a problem on the channel: the card reads it again to show it.
  const reread = () => queryClient.invalidateQueries({ queryKey: whatsappKey(sparkId) });
  return {
    connect: useMutation({
      mutationFn: async (body: ConnectWhatsappBody) => apiCall(connectWhatsappRoute, { params: { sparkId }, body }),
      onSuccess: remember,
    }),
    setPaused: useMutation({
      mutationFn: async (paused: boolean) => apiCall(updateWhatsappRoute, { params: { sparkId }, body: { paused } }),
      onSuccess: remember,
    }),
    sendTest: useMutation({
      mutationFn: async (to: string) => apiCall(testWhatsappRoute, { params: { sparkId }, body: { to } }),
      onSettled: reread,
    }),
    disconnect: useMutation({
      mutationFn: async () => apiCall(disconnectWhatsappRoute, { params: { sparkId } }),
      onSuccess: reread,
    }),
  };
}

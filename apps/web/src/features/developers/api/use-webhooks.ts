import {
  createWebhookRoute,
  deleteWebhookRoute,
  listWebhooksRoute,
  redeliverWebhookRoute,
  rotateWebhookSecretRoute,
  updateWebhookRoute,
  webhookDeliveriesRoute,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

const webhooksKey = ['developers', 'webhooks'] as const;
const deliveriesKey = (webhookId: string) => ['developers', 'webhooks', webhookId, 'deliveries'] as const;

/** The account's webhook endpoints. */
export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => apiCall(listWebhooksRoute) });
}

/** An endpoint's latest deliveries, read while its log is open; refreshed every few seconds while one is still pending. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: () => apiCall(webhookDeliveriesRoute, { params: { webhookId } }),
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 5_000 : false),
  });
}

/** Adding, changing, rotating the secret, removing and sending a delivery again. */
export function useWebhookActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: webhooksKey });
  return {
    create: useMutation({ mutationFn: (body: CreateWebhookBody) => apiCall(createWebhookRoute, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ webhookId, body }: { webhookId: string; body: UpdateWebhookBody }) => apiCall(updateWebhookRoute, { params: { webhookId }, body }),
      onSuccess,
    }),
    rotate: useMutation({ mutationFn: (webhookId: string) => apiCall(rotateWebhookSecretRoute, { params: { webhookId } }), onSuccess }),
    remove: useMutation({ mutationFn: (webhookId: string) => apiCall(deleteWebhookRoute, { params: { webhookId } }), onSuccess }),
    redeliver: useMutation({
      mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
        apiCall(redeliverWebhookRoute, { params: { webhookId, deliveryId } }),
      onSuccess: (_data, { webhookId }) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
    }),
  };
}

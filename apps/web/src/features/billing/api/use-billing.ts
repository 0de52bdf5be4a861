import { portalResponseSchema, priceListResponseSchema, type Price } from '@sparks/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** product.md §7 GET /prices. */
export function usePrices(enabled: boolean) {
  return useQuery({
    queryKey: ['prices'],
    queryFn: async (): Promise<Price[]> => priceListResponseSchema.shape.data.parse(await apiClient.get('/prices')),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** product.md §7 POST /billing/customers/{customerId}/session, then off to the card-payment page. */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ customerId, priceId }: { customerId: string; priceId: string }) => {
      const { sessionUrl } = await apiClient.post<{ sessionUrl: string }>(`/billing/customers/${encodeURIComponent(customerId)}/session`, {
        mode: 'subscription',
        priceId,
      });
      window.location.assign(sessionUrl);
    },
  });
}

/** Off to the provider's customer portal (the test one in the embedded mode) to manage or cancel the subscription. */
export function usePortal() {
  return useMutation({
    mutationFn: async ({ customerId }: { customerId: string }) => {
      const { portalUrl } = portalResponseSchema.shape.data.parse(await apiClient.post(`/billing/customers/${encodeURIComponent(customerId)}/portal`));
      window.location.assign(portalUrl);
    },
  });
}

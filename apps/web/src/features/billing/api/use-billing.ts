import { openPortalRoute, pricesRoute, startCheckoutRoute, type Price } from '@sparks/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** product.md §7 GET /prices. */
export function usePrices(enabled: boolean) {
  return useQuery({
    queryKey: ['prices'],
    queryFn: async (): Promise<Price[]> => apiCall(pricesRoute),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** product.md §7 POST /billing/customers/{customerId}/session, then off to the card-payment page. */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ customerId, priceId }: { customerId: string; priceId: string }) => {
      const { sessionUrl } = await apiCall(startCheckoutRoute, { params: { customerId }, body: { mode: 'subscription', priceId } });
      window.location.assign(sessionUrl);
    },
  });
}

/** Off to the provider's customer portal (the test one in the embedded mode) to manage or cancel the subscription. */
export function usePortal() {
  return useMutation({
    mutationFn: async ({ customerId }: { customerId: string }) => {
      const { portalUrl } = await apiCall(openPortalRoute, { params: { customerId } });
      window.location.assign(portalUrl);
    },
  });
}

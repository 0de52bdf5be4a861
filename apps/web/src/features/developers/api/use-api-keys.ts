import { createApiKeyRoute, listApiKeysRoute, listSparksRoute, revokeApiKeyRoute, type ApiKeyList, type CreateApiKeyBody } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

const keysKey = ['developers', 'keys'] as const;

/** The account's API keys and the plan's allowance. */
export function useApiKeys() {
  return useQuery({ queryKey: keysKey, queryFn: (): Promise<ApiKeyList> => apiCall(listApiKeysRoute) });
}

/** The account's Sparks by name, for choosing those a key may use (the same list the sidebar reads). */
export function useSparkNames() {
  return useQuery({ queryKey: ['sparks'], queryFn: () => apiCall(listSparksRoute), select: (sparks) => sparks.map(({ _id, name }) => ({ _id, name })) });
}

/** Creating (the answer holds the secret, shown once) and revoking: each refreshes the list. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keysKey });
  return {
    create: useMutation({ mutationFn: (body: CreateApiKeyBody) => apiCall(createApiKeyRoute, { body }), onSuccess }),
    revoke: useMutation({ mutationFn: (keyId: string) => apiCall(revokeApiKeyRoute, { params: { keyId } }), onSuccess }),
  };
}

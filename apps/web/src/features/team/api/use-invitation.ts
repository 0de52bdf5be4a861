import { acceptInvitationRoute, invitationPreviewRoute, switchAccountRoute, type InvitationPreview } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** What an invitation link offers: who invites, to whose account, as what. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: (): Promise<InvitationPreview> => apiCall(invitationPreviewRoute, { params: { token } }),
    retry: false,
    enabled: token !== '',
  });
}

/** After joining or switching, everything the app holds belongs to another account: it is all read again. */
function useFreshStart() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'profile' });
    return queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
}

export function useAcceptInvitation(token: string) {
  const freshStart = useFreshStart();
  return useMutation({ mutationFn: () => apiCall(acceptInvitationRoute, { params: { token } }), onSuccess: freshStart });
}

export function useSwitchAccount() {
  const freshStart = useFreshStart();
  return useMutation({ mutationFn: (tenantId: string) => apiCall(switchAccountRoute, { body: { tenantId } }), onSuccess: freshStart });
}

import { updateMyMembershipRoute } from '@sparks/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** The member's own choice: e-mails when a visitor asks for a person. The profile carries it, so it is read again. */
export function useHandoffEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handoffEmails: boolean) => apiCall(updateMyMembershipRoute, { body: { handoffEmails } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

import {
  deleteAccountRoute,
  inviteMemberRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  teamRoute,
  transferOwnershipRoute,
  updateMemberRoute,
  type AssignableRole,
  type InviteBody,
  type Team,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

const teamKey = ['team'] as const;

/** The account's members, open invitations and seats. */
export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: (): Promise<Team> => apiCall(teamRoute) });
}

/** Inviting, resending, withdrawing, changing a role and removing: each refreshes the list. */
export function useTeamActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: teamKey });
  return {
    invite: useMutation({ mutationFn: (body: InviteBody) => apiCall(inviteMemberRoute, { body }), onSuccess }),
    resend: useMutation({ mutationFn: (invitationId: string) => apiCall(resendInvitationRoute, { params: { invitationId } }), onSuccess }),
    revoke: useMutation({ mutationFn: (invitationId: string) => apiCall(revokeInvitationRoute, { params: { invitationId } }), onSuccess }),
    setRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: AssignableRole }) => apiCall(updateMemberRoute, { params: { userId }, body: { role } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (userId: string) => apiCall(removeMemberRoute, { params: { userId } }), onSuccess }),
    // The caller's own role changes with it: the profile (and so the menu) is read again.
    transfer: useMutation({
      mutationFn: (userId: string) => apiCall(transferOwnershipRoute, { body: { userId } }),
      onSuccess: async () => {
        await onSuccess();
        await queryClient.invalidateQueries({ queryKey: ['profile'] });
      },
    }),
  };
}

/** Deletes the account and all it holds; the owner then leaves for the sign-in screen. */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({ mutationFn: (confirm: string) => apiCall(deleteAccountRoute, { body: { confirm } }), onSuccess: onDeleted });
}

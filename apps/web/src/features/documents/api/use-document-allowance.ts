import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsCalls } from './documents-calls';

const allowanceKey = ['documents', 'allowance'] as const;

/** The documents the plan counts across the account, for the limit dialog. */
export function useDocumentAllowance() {
  return useQuery({ queryKey: allowanceKey, queryFn: () => documentsCalls.allowance() });
}

/** Deletes one of the counted documents or websites (of any Spark) from the limit dialog, freeing its place. */
export function useFreePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sparkId, documentId, website }: { sparkId: string; documentId: string; website?: boolean }) =>
      website ? documentsCalls.removeWebsite(sparkId, documentId) : documentsCalls.remove(sparkId, documentId),
    onSettled: async (_result, _error, { sparkId }) => {
      await queryClient.invalidateQueries({ queryKey: allowanceKey });
      await queryClient.invalidateQueries({ queryKey: ['sparks', sparkId, 'documents'] });
    },
  });
}

import {
  caseProposalRoute,
  createTestCaseRoute,
  deleteTestCaseRoute,
  listDocumentsRoute,
  listTestCasesRoute,
  listTestRunsRoute,
  requestTestRunRoute,
  type CaseProposal,
  type CreateTestCaseBody,
  type TestCase,
  type TestRun,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const testCasesKey = (sparkId: string) => ['sparks', sparkId, 'test-cases'] as const;
export const testRunsKey = (sparkId: string) => ['sparks', sparkId, 'test-runs'] as const;

const active = (runs: readonly TestRun[] | undefined) => runs?.some((run) => run.status === 'queued' || run.status === 'running') ?? false;

/**
 * The Spark's runs, newest first; polled while one waits or runs, so its progress shows. `watch`
 * also looks now and then for runs a change started elsewhere (an instruction or a document).
 */
export function useTestRuns(sparkId: string, options: { watch?: boolean } = {}) {
  return useQuery({
    queryKey: testRunsKey(sparkId),
    queryFn: async (): Promise<TestRun[]> => apiCall(listTestRunsRoute, { params: { sparkId } }),
    enabled: Boolean(sparkId),
    refetchInterval: (query) => (active(query.state.data) ? 1200 : options.watch ? 4000 : false),
  });
}

/** The Spark's cases with their latest results; read again whenever a run finishes. */
export function useTestCases(sparkId: string, enabled = true) {
  return useQuery({
    queryKey: testCasesKey(sparkId),
    queryFn: async (): Promise<TestCase[]> => apiCall(listTestCasesRoute, { params: { sparkId } }),
    enabled: enabled && Boolean(sparkId),
  });
}

export function useCaseProposal(sparkId: string, testId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'tests', testId, 'case-proposal'],
    queryFn: async (): Promise<CaseProposal> => apiCall(caseProposalRoute, { params: { sparkId, testId: testId! } }),
    enabled: enabled && Boolean(testId),
    gcTime: 0,
    retry: false,
  });
}

/** The documents a case may be asked to cite (ready or not: the owner names the one that matters). */
export function useCitableDocuments(sparkId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'documents', 'citable'],
    queryFn: async () => apiCall(listDocumentsRoute, { params: { sparkId } }),
    enabled,
  });
}

export function useTestCaseMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: testCasesKey(sparkId) });
    void queryClient.invalidateQueries({ queryKey: testRunsKey(sparkId) });
  };
  return {
    save: useMutation({
      mutationFn: async (body: CreateTestCaseBody) => apiCall(createTestCaseRoute, { params: { sparkId }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (caseId: string) => apiCall(deleteTestCaseRoute, { params: { sparkId, caseId } }),
      onSuccess: refresh,
    }),
    run: useMutation({
      mutationFn: async () => apiCall(requestTestRunRoute, { params: { sparkId } }),
      onSuccess: refresh,
    }),
  };
}

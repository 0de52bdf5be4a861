import {
  caseProposalSchema,
  documentListResponseSchema,
  testCaseListResponseSchema,
  testCaseSchema,
  testRunListResponseSchema,
  testRunSchema,
  type CaseProposal,
  type CreateTestCaseBody,
  type TestCase,
  type TestRun,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

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
    queryFn: async (): Promise<TestRun[]> => testRunListResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/test-runs`)),
    enabled: Boolean(sparkId),
    refetchInterval: (query) => (active(query.state.data) ? 1200 : options.watch ? 4000 : false),
  });
}

/** The Spark's cases with their latest results; read again whenever a run finishes. */
export function useTestCases(sparkId: string, enabled = true) {
  return useQuery({
    queryKey: testCasesKey(sparkId),
    queryFn: async (): Promise<TestCase[]> => testCaseListResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/test-cases`)),
    enabled: enabled && Boolean(sparkId),
  });
}

export function useCaseProposal(sparkId: string, testId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'tests', testId, 'case-proposal'],
    queryFn: async (): Promise<CaseProposal> => caseProposalSchema.parse(await apiClient.get(`/sparks/${sparkId}/tests/${testId}/case-proposal`)),
    enabled: enabled && Boolean(testId),
    gcTime: 0,
    retry: false,
  });
}

/** The documents a case may be asked to cite (ready or not: the owner names the one that matters). */
export function useCitableDocuments(sparkId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'documents', 'citable'],
    queryFn: async () => documentListResponseSchema.shape.data.parse(await apiClient.get(`/sparks/${sparkId}/documents`)),
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
      mutationFn: async (body: CreateTestCaseBody) => testCaseSchema.parse(await apiClient.post(`/sparks/${sparkId}/test-cases`, body)),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (caseId: string) => apiClient.delete(`/sparks/${sparkId}/test-cases/${caseId}`),
      onSuccess: refresh,
    }),
    run: useMutation({
      mutationFn: async () => testRunSchema.parse(await apiClient.post(`/sparks/${sparkId}/test-runs`)),
      onSuccess: refresh,
    }),
  };
}

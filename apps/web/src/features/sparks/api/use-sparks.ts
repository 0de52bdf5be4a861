import type { Spark, SparkPatch, SparkTest } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useErrorDialog } from '../../../lib/error-dialog-store';
import { sparksCalls } from './sparks-calls';

export const SPARKS_KEY = ['sparks'] as const;
const testsKey = (sparkId: string) => ['sparks', sparkId, 'tests'] as const;

export function useSparks() {
  return useQuery({ queryKey: SPARKS_KEY, queryFn: sparksCalls.list });
}

/** product.md §4: create appends; pin/unpin, rename and delete update the list in place. */
export function useSparkMutations() {
  const queryClient = useQueryClient();
  const showError = useErrorDialog((state) => state.show);
  // A failed change means the list may be stale (e.g. the Spark was deleted elsewhere): reload it.
  const onError = (error: Error) => {
    showError(error.message);
    void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
  };
  // A list fetch still in flight (e.g. the refresh after a chat turn) was answered before this change
  // and would overwrite it when it lands: cancel it, then apply the change. `exact`: the Spark's own
  // queries (tests, documents, passages) live under the same key root and must not be touched.
  const setList = async (update: (list: Spark[]) => Spark[]) => {
    await queryClient.cancelQueries({ queryKey: SPARKS_KEY, exact: true });
    queryClient.setQueryData<Spark[]>(SPARKS_KEY, (list) => update(list ?? []));
  };
  return {
    create: useMutation({ mutationFn: sparksCalls.create, onSuccess: (spark) => setList((list) => [spark, ...list]), onError }),
    update: useMutation({
      mutationFn: ({ sparkId, patch }: { sparkId: string; patch: SparkPatch }) => sparksCalls.update(sparkId, patch),
      onSuccess: (spark) => setList((list) => list.map((item) => (item._id === spark._id ? spark : item))),
      onError,
    }),
    remove: useMutation({
      mutationFn: (sparkId: string) => sparksCalls.remove(sparkId),
      onSuccess: (_result, sparkId) => setList((list) => list.filter((item) => item._id !== sparkId)),
      onError,
    }),
  };
}

export function useSparkTests(sparkId: string | undefined) {
  return useQuery({ queryKey: testsKey(sparkId ?? ''), queryFn: () => sparksCalls.listTests(sparkId ?? ''), enabled: Boolean(sparkId) });
}

/** product.md §4: tests — add appends, rename replaces, delete removes. */
export function useTestMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const showError = useErrorDialog((state) => state.show);
  const setList = (update: (list: SparkTest[]) => SparkTest[]) => queryClient.setQueryData<SparkTest[]>(testsKey(sparkId), (list) => update(list ?? []));
  return {
    create: useMutation({ mutationFn: (name: string) => sparksCalls.createTest(sparkId, name), onSuccess: (test) => setList((list) => [...list, test]) }),
    rename: useMutation({
      mutationFn: ({ testId, name }: { testId: string; name: string }) => sparksCalls.renameTest(sparkId, testId, name),
      onSuccess: (test) => setList((list) => list.map((item) => (item._id === test._id ? test : item))),
      onError: (error: Error) => showError(error.message),
    }),
    remove: useMutation({
      mutationFn: (testId: string) => sparksCalls.removeTest(sparkId, testId),
      onSuccess: (_result, testId) => setList((list) => list.filter((item) => item._id !== testId)),
      onError: (error: Error) => showError(error.message),
    }),
  };
}

import { useQuery } from '@tanstack/react-query';
import { documentsCalls } from './documents-calls';

/** The whole passage behind a citation; a passage never changes, so it is fetched once. */
export function usePassage(sparkId: string, chunkId: string | undefined) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'passages', chunkId ?? ''],
    queryFn: () => documentsCalls.passage(sparkId, chunkId ?? ''),
    enabled: Boolean(sparkId && chunkId),
    staleTime: Infinity,
    retry: false,
  });
}

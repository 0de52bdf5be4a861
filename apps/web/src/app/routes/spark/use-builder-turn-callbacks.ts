import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { OBJECTIVES_KEY } from '../../../features/objectives/api/use-objectives';
import { SPARKS_KEY, useSparkTests } from '../../../features/sparks/api/use-sparks';

/** What the builder chat asks of the screen around a turn. */
export function useBuilderTurnCallbacks(sparkId: string) {
  const queryClient = useQueryClient();
  const tests = useSparkTests(sparkId);
  // The assistant's tools rename and reconfigure the Spark and add tests: the sidebar, title and objectives follow.
  const onTurnFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
    void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY });
  }, [queryClient]);
  // Asked at the click, so a test the assistant created a moment ago is already counted.
  const { refetch: refetchTests } = tests;
  const hasTests = useCallback(async () => ((await refetchTests()).data?.length ?? 0) > 0, [refetchTests]);
  return { onTurnFinished, hasTests };
}

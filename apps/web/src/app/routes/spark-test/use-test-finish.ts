import { TEST_VERDICTS, TIMINGS_MS } from '@sparks/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { conversationStorage } from '../../../features/chat/conversation-storage';
import { usePendingBuilderMessage } from '../../../features/chat/pending-builder-message';
import { useTestMutations } from '../../../features/sparks/api/use-sparks';

/**
 * product.md §4 test satisfaction: either answer deletes the test. Yes reports 'test satisfactory' in
 * the Spark's chat; No resets that chat and, 500 ms later, reports 'test not satisfactory'.
 */
export function useTestFinish(sparkId: string, activeTestId: string | undefined) {
  const navigate = useNavigate();
  const { remove } = useTestMutations(sparkId);
  const queueBuilderMessage = usePendingBuilderMessage((state) => state.queue);
  const [finishing, setFinishing] = useState(false);
  const answer = (satisfactory: boolean) => {
    if (!activeTestId) return;
    remove.mutate(activeTestId, {
      onSuccess: () => {
        const storage = conversationStorage();
        storage.remove({ kind: 'test', sparkId, testId: activeTestId });
        if (satisfactory) queueBuilderMessage(sparkId, TEST_VERDICTS.satisfactory);
        else {
          storage.remove({ kind: 'builder', sparkId });
          queueBuilderMessage(sparkId, TEST_VERDICTS.notSatisfactory, TIMINGS_MS.delayedSendAfterReset);
        }
        setFinishing(false);
        void navigate(`/spark/${sparkId}`);
      },
      onError: () => setFinishing(false),
    });
  };
  return { finishing, setFinishing, answer, busy: remove.isPending };
}

export type TestFinish = ReturnType<typeof useTestFinish>;

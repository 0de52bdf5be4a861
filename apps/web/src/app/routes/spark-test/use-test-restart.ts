import { useState } from 'react';
import { conversationStorage } from '../../../features/chat/conversation-storage';

/** product.md §4: restarting removes the test's stored conversation and starts a new one with 'inicio'. */
export function useTestRestart(sparkId: string, activeTestId: string | undefined) {
  // Restarting remounts the chat, which then finds no stored conversation and starts anew.
  const [generation, setGeneration] = useState(0);
  const restart = () => {
    if (!activeTestId) {
      console.error('[tests] there is no active test to restart');
      return;
    }
    conversationStorage().remove({ kind: 'test', sparkId, testId: activeTestId });
    setGeneration((current) => current + 1);
  };
  return { generation, restart };
}

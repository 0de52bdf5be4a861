import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { conversationStorage } from '../features/chat/conversation-storage';

/**
 * Spec §2: going to /new-spark from elsewhere starts its assistant afresh (a new Spark), while a
 * click on the screen already shown keeps the conversation in progress.
 */
export function useFreshNewSpark(): (path: string) => void {
  const { pathname } = useLocation();
  return useCallback(
    (path: string) => {
      if (path === '/new-spark' && pathname !== '/new-spark') conversationStorage().remove({ kind: 'system', topic: 'new-spark' });
    },
    [pathname],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { eventData, followStream, type StreamStatus } from './follow-stream';
import { liveKey, renewWith } from './live-calls';

/**
 * Follows the Spark's conversations: each `conversation` event reads the list again (the event
 * names the conversation, never its content), and a visitor asking for a person calls `onPerson`.
 */
export function useSparkEvents(sparkId: string, onPerson: (conversationId: string) => void) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const onPersonRef = useRef(onPerson);
  useEffect(() => {
    onPersonRef.current = onPerson;
  });

  useEffect(() => {
    const controller = new AbortController();
    void followStream({
      path: `/sparks/${sparkId}/live/events`,
      signal: controller.signal,
      renewSession: renewWith(sparkId),
      onStatus: (next) => {
        setStatus(next);
        // What changed while the connection was down is read again once it is back.
        if (next === 'open') void queryClient.invalidateQueries({ queryKey: liveKey(sparkId), exact: true });
      },
      onEvent: (event) => {
        if (event.event !== 'conversation') return;
        const data = eventData(event) as { conversationId?: unknown; kind?: unknown } | undefined;
        void queryClient.invalidateQueries({ queryKey: liveKey(sparkId), exact: true });
        if (data?.kind === 'person' && typeof data.conversationId === 'string') onPersonRef.current(data.conversationId);
      },
    });
    return () => controller.abort();
  }, [sparkId, queryClient]);

  return status;
}

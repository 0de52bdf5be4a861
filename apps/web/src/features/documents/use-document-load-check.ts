import { useCallback, useEffect, useRef } from 'react';
import { documentsCalls } from './api/documents-calls';

/**
 * product.md §7 POST /llm/load-doc-message: after the user sends a message in a Spark's builder chat,
 * asks whether it was a request to add a document ("Upload a document") and, if so, calls
 * `onAsked` so the screen offers the attach menu. The message is sent either way.
 */
export function useDocumentLoadCheck(sparkId: string, onAsked: () => void) {
  const onAskedRef = useRef(onAsked);
  useEffect(() => {
    onAskedRef.current = onAsked;
  });
  return useCallback(
    (text: string, conversationId: string | null) => {
      documentsCalls.isDocumentLoadMessage(sparkId, text, conversationId).then(
        (asked) => {
          if (asked) onAskedRef.current();
        },
        // Only a convenience: the chat goes on without it.
        () => undefined,
      );
    },
    [sparkId],
  );
}

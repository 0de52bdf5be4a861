import { SHAREPOINT_CONNECTED_QUERY } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { sharepointKey } from './api/use-sharepoint';
import { announceConnected, listenForConnections } from './connect-window';

interface ReturnHandlers {
  /** The connection is made: open the panel and ask the builder chat for the documents (product.md §2). */
  onConnected: () => void;
  /** The window came back without a connection, for this reason. */
  onFailed: (reason: string) => void;
}

/**
 * The connect window's return to `/spark/{id}?q=sharepoint-conected` (or `?integrationError=…`).
 * The window hands the news to the tab that opened it and closes; without such a tab it carries
 * on itself. Either way the parameters leave the address, so a reload does not repeat them.
 */
export function useSharepointReturn(sparkId: string, handlers: ReturnHandlers) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const search = params.toString();
  useEffect(() => {
    const current = new URLSearchParams(search);
    const connected = current.get('q') === SHAREPOINT_CONNECTED_QUERY;
    const failure = current.get('integrationError');
    if (!connected && !failure) return;
    let cancelled = false;
    void announceConnected(sparkId, search).then((taken) => {
      if (cancelled) return;
      if (taken) {
        window.close();
        return;
      }
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('q');
          next.delete('integrationError');
          return next;
        },
        { replace: true },
      );
      void queryClient.invalidateQueries({ queryKey: sharepointKey(sparkId) });
      if (connected) handlersRef.current.onConnected();
      else handlersRef.current.onFailed(failure ?? '');
    });
    return () => {
      cancelled = true;
    };
  }, [search, sparkId, setParams, queryClient]);

  // This tab opened the window: it takes over what the window brought back.
  useEffect(
    () =>
      listenForConnections(sparkId, (returned) => {
        const current = new URLSearchParams(returned);
        void queryClient.invalidateQueries({ queryKey: sharepointKey(sparkId) });
        if (current.get('q') === SHAREPOINT_CONNECTED_QUERY) handlersRef.current.onConnected();
        else handlersRef.current.onFailed(current.get('integrationError') ?? '');
      }),
    [sparkId, queryClient],
  );
}

import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type SparkPanel = 'documents' | 'objectives' | 'deploy' | 'sharepoint' | 'actions';
const PANELS_BY_QUERY: Record<string, SparkPanel> = { deploy: 'deploy', sharepoint: 'sharepoint', documents: 'documents', actions: 'actions' };

/**
 * The Spark screen's one open side panel (product.md §4: one at a time), and the header buttons
 * that open them, which get focus back when their panel closes.
 */
export function useSparkPanel(sparkId: string) {
  const [params] = useSearchParams();
  // The deploy assistant's "Allow my website" lands here with ?panel=deploy; the builder's library card with ?panel=sharepoint;
  // an objective's step with ?panel=documents or ?panel=deploy; a link to a Spark's actions with ?panel=actions.
  const [panel, setPanel] = useState<SparkPanel | null>(PANELS_BY_QUERY[params.get('panel') ?? ''] ?? null);
  const queuedPanel = params.get('panel');
  useEffect(() => {
    const asked = PANELS_BY_QUERY[queuedPanel ?? ''];
    if (asked) setPanel(asked);
  }, [queuedPanel]);
  const buttonRefs = {
    documents: useRef<HTMLButtonElement>(null),
    objectives: useRef<HTMLButtonElement>(null),
    deploy: useRef<HTMLButtonElement>(null),
    actions: useRef<HTMLButtonElement>(null),
  };
  // product.md §4: the panel closes when the active Spark changes.
  const firstSpark = useRef(sparkId);
  useEffect(() => {
    if (firstSpark.current !== sparkId) setPanel(null);
    firstSpark.current = sparkId;
  }, [sparkId]);
  const toggle = (which: SparkPanel) => setPanel((open) => (open === which ? null : which));
  return { panel, setPanel, toggle, buttonRefs };
}

export type SparkPanelState = ReturnType<typeof useSparkPanel>;

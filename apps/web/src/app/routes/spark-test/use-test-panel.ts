import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type TestPanel = 'objectives' | 'tests';

/**
 * The test screen's one open side panel: the objectives, or the saved tests (?panel=tests opens
 * them, as the deploy panel's warning does), and the header buttons that get focus back.
 */
export function useTestPanel(sparkId: string) {
  const [params] = useSearchParams();
  const [panel, setPanel] = useState<TestPanel | null>(params.get('panel') === 'tests' ? 'tests' : null);
  const objectivesOpen = panel === 'objectives';
  const setObjectivesOpen = (open: boolean | ((current: boolean) => boolean)) =>
    setPanel((current) => ((typeof open === 'function' ? open(current === 'objectives') : open) ? 'objectives' : current === 'objectives' ? null : current));
  const toggleSuite = () => setPanel((current) => (current === 'tests' ? null : 'tests'));
  const buttonRefs = {
    objectives: useRef<HTMLButtonElement>(null),
    suite: useRef<HTMLButtonElement>(null),
    more: useRef<HTMLButtonElement>(null),
  };
  // product.md §4: the panel closes when the active Spark changes.
  const firstSpark = useRef(sparkId);
  useEffect(() => {
    if (firstSpark.current !== sparkId) setPanel(null);
    firstSpark.current = sparkId;
  }, [sparkId]);
  return { panel, setPanel, objectivesOpen, setObjectivesOpen, toggleSuite, buttonRefs };
}

export type TestPanelState = ReturnType<typeof useTestPanel>;

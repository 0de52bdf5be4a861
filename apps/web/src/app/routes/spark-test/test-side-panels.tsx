import { ObjectivesSidePanel } from '../../../features/objectives/components/objectives-side-panel';
import { TestSuiteSidePanel } from '../../../features/test-cases/components/test-suite-side-panel';
import { useViewportStore } from '../../../lib/viewport-store';
import type { TestPanelState } from './use-test-panel';

// Closing the saved tests gives focus back to what opened them: its button, or on a phone the menu.
const focusShown = (...buttons: Array<HTMLButtonElement | null>) => buttons.find((button) => button?.offsetParent)?.focus();

/** The test screen's side panels: the saved tests and the objectives; the open one shows. */
export function TestSidePanels({ sparkId, sparkName, panels }: { sparkId: string; sparkName: string; panels: TestPanelState }) {
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const { panel, setPanel, objectivesOpen, setObjectivesOpen, buttonRefs } = panels;
  return (
    <>
      <TestSuiteSidePanel
        sparkId={sparkId}
        open={panel === 'tests'}
        desktop={isDesktop}
        onClose={() => setPanel(null)}
        returnFocus={() => focusShown(buttonRefs.suite.current, buttonRefs.more.current)}
      />
      <ObjectivesSidePanel
        key={sparkId}
        objectivesId={sparkId}
        title={sparkName}
        open={objectivesOpen}
        desktop={isDesktop}
        onClose={() => setObjectivesOpen(false)}
        returnFocus={() => buttonRefs.objectives.current?.focus()}
      />
    </>
  );
}

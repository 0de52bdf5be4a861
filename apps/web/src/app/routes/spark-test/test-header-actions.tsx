import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { MoreActionsMenu } from '../../../components/ui/more-actions-menu';
import { PanelToggleButton } from '../../../components/ui/panel-toggle-button';
import { ObjectivesButton } from '../../../features/objectives/components/objectives-button';
import { useViewportStore } from '../../../lib/viewport-store';
import type { TestPanelState } from './use-test-panel';

const HEADER_BUTTON = 'text-white hover:bg-white/15';
// Phones show the title, the ring and one menu: four buttons in a row would leave the conversation little room.
const PHONE_ONLY = 'min-[480px]:hidden';
const WIDER_ONLY = 'max-[479px]:hidden';

interface TestHeaderActionsProps {
  sparkId: string;
  /** Restart, finish and save need a test chat open. */
  hasActiveTest: boolean;
  panels: TestPanelState;
  onRestart: () => void;
  onFinish: () => void;
  onSaveCase: () => void;
}

/** The test chat's header: restart, finish, save as a case, saved tests, objectives, the phone's menu and the hidden report button. */
export function TestHeaderActions({ sparkId, hasActiveTest, panels, onRestart, onFinish, onSaveCase }: TestHeaderActionsProps) {
  const { t } = useTranslation();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const { panel, objectivesOpen, setObjectivesOpen, toggleSuite, buttonRefs } = panels;
  return (
    <>
      <Button variant="ghost" className={`${HEADER_BUTTON} ${WIDER_ONLY}`} disabled={!hasActiveTest} onClick={onRestart}>
        {t('tests.restart')}
      </Button>
      <Button variant="ghost" className={`${HEADER_BUTTON} border border-white/70 ${WIDER_ONLY}`} disabled={!hasActiveTest} onClick={onFinish}>
        {t('chat.satisfaction.finish')}
      </Button>
      <Button
        variant="ghost"
        className={`${HEADER_BUTTON} border border-white/70 ${WIDER_ONLY}`}
        disabled={!hasActiveTest}
        onClick={onSaveCase}
        data-testid="save-test-case"
      >
        {t('testCases.save.button')}
      </Button>
      <PanelToggleButton
        open={panel === 'tests'}
        onToggle={toggleSuite}
        panelId="test-suite-panel"
        desktop={isDesktop}
        // Open, the button turns white and takes the header's colour for its text.
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg px-4 text-sm font-medium border border-white/70 ${WIDER_ONLY} ${panel === 'tests' ? '' : HEADER_BUTTON}`}
        buttonRef={buttonRefs.suite}
        testId="test-suite-button"
      >
        {t('testCases.open')}
      </PanelToggleButton>
      <ObjectivesButton
        objectivesId={sparkId}
        open={objectivesOpen}
        onToggle={() => setObjectivesOpen((open) => !open)}
        buttonRef={buttonRefs.objectives}
        // The same box as the saved-tests button beside it: height, padding and a border that follows the outline.
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-white/70 px-4 text-sm font-medium max-[479px]:px-2.5 ${objectivesOpen ? '' : HEADER_BUTTON}`}
      />
      <MoreActionsMenu
        label={t('tests.actions')}
        triggerRef={buttonRefs.more}
        className={`inline-flex size-10 items-center justify-center rounded-lg border border-white/70 ${HEADER_BUTTON} ${PHONE_ONLY}`}
        testId="test-actions"
        actions={[
          { label: t('tests.restart'), onSelect: onRestart, disabled: !hasActiveTest },
          { label: t('chat.satisfaction.finish'), onSelect: onFinish, disabled: !hasActiveTest },
          { label: t('testCases.save.button'), onSelect: onSaveCase, disabled: !hasActiveTest },
          { label: t('testCases.open'), onSelect: toggleSuite },
        ]}
      />
      {/* product.md §2: the report button exists but is hidden. */}
      <button type="button" hidden>
        {t('tests.report')}
      </button>
    </>
  );
}

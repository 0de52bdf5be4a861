import { objectivesProgress } from '@sparks/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelToggleButton } from '../../../components/ui/panel-toggle-button';
import { useViewportStore } from '../../../lib/viewport-store';
import { useObjectives } from '../api/use-objectives';
import { useObjectivesLanguage } from '../use-objectives-language';
import { ProgressRing } from './progress-ring';

interface ObjectivesButtonProps {
  objectivesId: string;
  open: boolean;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** The header's button style, so it sits with the screen's other header buttons. */
  className: string;
}

/** Opens the objectives panel; its ring shows the completion percentage at a glance. */
export function ObjectivesButton({ objectivesId, open, onToggle, buttonRef, className }: ObjectivesButtonProps) {
  const { t } = useTranslation();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const objectives = useObjectives(objectivesId, useObjectivesLanguage());
  const percent = objectivesProgress(objectives.data ?? []);
  // A screen whose topic has no objectives (settings, billing) shows no ring at 0 %.
  if (objectives.data?.length === 0) return null;
  return (
    <PanelToggleButton
      open={open}
      onToggle={onToggle}
      panelId="objectives-panel"
      desktop={isDesktop}
      className={className}
      buttonRef={buttonRef}
      testId="objectives-button"
    >
      <ProgressRing value={percent} size="sm" />
      <span className="sr-only min-[480px]:not-sr-only">{t('objectives.open')}</span>
      {objectives.data && <span className="sr-only">{t('objectives.doneSuffix', { percent })}</span>}
    </PanelToggleButton>
  );
}

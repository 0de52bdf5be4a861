import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { PanelToggleButton } from '../../../components/ui/panel-toggle-button';
import { ObjectivesButton } from '../../../features/objectives/components/objectives-button';
import { useViewportStore } from '../../../lib/viewport-store';
import { DocumentsButton } from './documents-button';
import type { SparkPanelState } from './use-spark-panel';

const HEADER_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-2.5 py-1.5 text-sm font-medium hover:bg-white hover:text-secondary min-[480px]:px-3';
/** A checklist: the tests button is a symbol on a phone like its neighbours, so the seven fit one row at 390 px. */
const TESTS_ICON = 'M10 6h10M10 12h10M10 18h10M3.5 6l1.5 1.5L7.5 5M3.5 12l1.5 1.5 2.5-2.5M3.5 18l1.5 1.5 2.5-2.5';

interface SparkHeaderActionsProps {
  sparkId: string;
  panels: Pick<SparkPanelState, 'panel' | 'toggle' | 'buttonRefs'>;
  /** product.md §2: on mobile the tests button waits while a message is being answered. */
  testsBlocked: boolean;
}

/** The Spark screen's header buttons: objectives, documents, actions, deploy, insights, live and tests. */
export function SparkHeaderActions({ sparkId, panels, testsBlocked }: SparkHeaderActionsProps) {
  const { t } = useTranslation();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const { panel, toggle, buttonRefs } = panels;
  return (
    <>
      <ObjectivesButton
        objectivesId={sparkId}
        open={panel === 'objectives'}
        onToggle={() => toggle('objectives')}
        buttonRef={buttonRefs.objectives}
        className={HEADER_BUTTON}
      />
      <DocumentsButton
        sparkId={sparkId}
        open={panel === 'documents'}
        onToggle={() => toggle('documents')}
        buttonRef={buttonRefs.documents}
        className={HEADER_BUTTON}
      />
      <PanelToggleButton
        open={panel === 'actions'}
        onToggle={() => toggle('actions')}
        panelId="actions-panel"
        desktop={isDesktop}
        className={HEADER_BUTTON}
        buttonRef={buttonRefs.actions}
        testId="actions-button"
      >
        {/* A lightning bolt: the Spark does something, beyond answering. */}
        <LineIcon className="size-4" d="M13 3 4 14h7l-1 7 9-11h-7z" />
        <span className="sr-only min-[480px]:not-sr-only">{t('actions.open')}</span>
      </PanelToggleButton>
      <PanelToggleButton
        open={panel === 'deploy'}
        onToggle={() => toggle('deploy')}
        panelId="deploy-panel"
        desktop={isDesktop}
        className={HEADER_BUTTON}
        buttonRef={buttonRefs.deploy}
        testId="deploy-button"
      >
        <LineIcon className="size-4" d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.6 9h16.8M3.6 15h16.8M12 3a15 15 0 0 1 0 18M12 3a15 15 0 0 0 0 18" />
        <span className="sr-only min-[480px]:not-sr-only">{t('deploy.open')}</span>
      </PanelToggleButton>
      <Link to={`/spark/${sparkId}/insights`} className={HEADER_BUTTON} data-testid="insights-link">
        <LineIcon className="size-4" d="M4 19V5M4 19h16M8 15v-3M12 15V9M16 15v-6" />
        <span className="sr-only min-[480px]:not-sr-only">{t('insights.open')}</span>
      </Link>
      <Link to={`/spark/${sparkId}/live`} className={HEADER_BUTTON} data-testid="live-link">
        <LineIcon className="size-4" d="M8 10h8M8 14h5M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />
        <span className="sr-only min-[480px]:not-sr-only">{t('live.open')}</span>
      </Link>
      {testsBlocked ? (
        <span role="link" aria-disabled="true" className={`${HEADER_BUTTON} cursor-not-allowed opacity-60`}>
          <LineIcon className="size-4" d={TESTS_ICON} />
          <span className="sr-only min-[480px]:not-sr-only">{t('sparks.tests')}</span>
        </span>
      ) : (
        <Link to={`/spark/${sparkId}/test`} className={HEADER_BUTTON}>
          <LineIcon className="size-4" d={TESTS_ICON} />
          <span className="sr-only min-[480px]:not-sr-only">{t('sparks.tests')}</span>
        </Link>
      )}
    </>
  );
}

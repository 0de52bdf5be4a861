import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { useProfile } from '../../features/account/api/get-profile';
import { ObjectivesPanel } from '../../features/objectives/components/objectives-panel';
import { ProgressRing } from '../../features/objectives/components/progress-ring';
import { onboardingObjectives } from '../../features/objectives/onboarding-objectives';
import { TutorialOverlay } from '../../features/tutorial/components/tutorial-overlay';
import { DESKTOP_STEPS, MOBILE_STEPS } from '../../features/tutorial/tutorial-steps';
import { objectivesProgress } from '@sparks/contract';
import { TIMINGS_MS } from '@sparks/contract/constants';
import { useTheme } from '../../lib/theme-store';
import { useTutorial } from '../../lib/tutorial-store';
import { useViewportStore } from '../../lib/viewport-store';
import { AssistantBubble, ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

/**
 * product.md §2 `/spark/onboarding`: the tutorial, over a first Spark's screen. `activateTutorial`
 * starts it (the mobile steps below 1140 px), `startMobileTutorial` starts the mobile steps 500 ms
 * later, `deactivateSpark` clears the active Spark first. It ends on /new-spark or /.
 */
export function TutorialRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const profile = useProfile();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const setActiveSpark = useTheme((state) => state.setActiveSpark);
  const mobileFlag = useTutorial((state) => state.mobileTutorial);
  const setFlag = useTutorial((state) => state.set);
  const resetFlags = useTutorial((state) => state.reset);
  const [running, setRunning] = useState<'desktop' | 'mobile' | null>(null);
  const [index, setIndex] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelButtonRef = useRef<HTMLButtonElement>(null);
  const objectives = onboardingObjectives(t, profile.data?.id ?? '');
  const percent = objectivesProgress(objectives);
  useRouteTheme('menu');
  useDocumentTitle(t('nav.tutorial'));

  const start = (desktop: boolean) => {
    setIndex(0);
    if (desktop) setRunning('desktop');
    else setFlag('mobileTutorial', true);
  };

  useEffect(() => {
    if (params.get('deactivateSpark') !== null) setActiveSpark(null);
    if (params.get('startMobileTutorial') === 'true') setFlag('mobileTutorial', true);
    else if (params.get('activateTutorial') === 'true') {
      if (isDesktop) setRunning('desktop');
      else setFlag('mobileTutorial', true);
    }
  }, []); // Read once on arrival: the parameters start the tutorial, they do not follow it.

  // product.md §4: the mobile tutorial starts 500 ms after its flag is set.
  useEffect(() => {
    if (!mobileFlag) return;
    const timer = setTimeout(() => setRunning('mobile'), TIMINGS_MS.mobileTutorialStart);
    return () => clearTimeout(timer);
  }, [mobileFlag]);

  // Leaving the screen leaves nothing held open.
  useEffect(() => () => resetFlags(), [resetFlags]);

  const end = (next: '/new-spark' | '/') => {
    setRunning(null);
    resetFlags();
    void navigate(next);
  };

  return (
    <ChatFrame
      theme="menu"
      fill
      header={
        <h1 className="inline-block truncate text-lg font-semibold" data-tutorial="title">
          {t('tutorial.sparkTitle')}
        </h1>
      }
      actions={
        <button
          ref={panelButtonRef}
          type="button"
          onClick={() => setPanelOpen((open) => !open)}
          aria-expanded={panelOpen}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-primary"
          data-tutorial="objectives"
        >
          <ProgressRing value={percent} size="sm" />
          {t('objectives.open')}
          <span className="sr-only">{t('objectives.doneSuffix', { percent })}</span>
        </button>
      }
    >
      <div className="flex min-h-0 flex-1">
        <div className="min-w-0 flex-1 overflow-y-auto p-4 desktop:p-6">
          <AssistantBubble>
            <p className="font-semibold">{t('tutorial.introTitle')}</p>
            <p className="text-muted">{t('tutorial.introBody')}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => start(isDesktop)}>{t('tutorial.start')}</Button>
              <Button variant="ghost" onClick={() => end('/new-spark')}>
                {t('tutorial.createSpark')}
              </Button>
            </div>
          </AssistantBubble>
        </div>
        <SidePanel
          id="objectives-panel"
          open={panelOpen}
          desktop={isDesktop}
          title={t('objectives.open')}
          onClose={() => setPanelOpen(false)}
          returnFocus={() => panelButtonRef.current?.focus()}
          widthClass="w-[min(432px,38vw)]"
        >
          {(headingId, close) => (
            <ObjectivesPanel
              title={t('objectives.onboarding.title')}
              objectives={objectives}
              loading={false}
              failed={false}
              headingId={headingId}
              onClose={close}
            />
          )}
        </SidePanel>
      </div>
      {running && (
        <TutorialOverlay
          steps={running === 'desktop' ? DESKTOP_STEPS : MOBILE_STEPS}
          index={index}
          onIndexChange={setIndex}
          onEnd={end}
          mobile={running === 'mobile'}
        />
      )}
    </ChatFrame>
  );
}

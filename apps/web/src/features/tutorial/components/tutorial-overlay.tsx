import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useTutorial } from '../../../lib/tutorial-store';
import type { TutorialStep } from '../tutorial-steps';
import { useTargetRect, type Rect } from '../use-target-rect';

interface TutorialOverlayProps {
  steps: readonly TutorialStep[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The user finished or skipped; `next` is where they chose to go. */
  onEnd: (next: '/new-spark' | '/') => void;
  mobile: boolean;
}

const GAP = 12;
const CARD_WIDTH = 340;

/** The card beside its target when there is room, else above or below it; in the middle without a target. */
function cardPosition(rect: Rect | null, mobile: boolean): CSSProperties {
  if (!rect) return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)', width: `min(${CARD_WIDTH}px, calc(100vw - 32px))` };
  if (mobile) return rect.top + rect.height / 2 > window.innerHeight / 2 ? { top: 16, left: 16, right: 16 } : { bottom: 16, left: 16, right: 16 };
  const right = rect.left + rect.width + GAP;
  const top = Math.min(Math.max(16, rect.top), window.innerHeight - 260);
  if (right + CARD_WIDTH < window.innerWidth - 16) return { top, left: right, width: CARD_WIDTH };
  const below = rect.top + rect.height + GAP;
  const left = Math.min(Math.max(16, rect.left + rect.width - CARD_WIDTH), window.innerWidth - CARD_WIDTH - 16);
  return below + 240 < window.innerHeight ? { top: below, left, width: CARD_WIDTH } : { top: Math.max(16, rect.top - 240 - GAP), left, width: CARD_WIDTH };
}

/**
 * product.md §2/§4 tutorial: a spotlight on each part of the screen in turn, with a card that explains it.
 * The card is a dialog (focus stays in it, Escape skips); the spotlight moves in 400 ms.
 */
export function TutorialOverlay({ steps, index, onIndexChange, onEnd, mobile }: TutorialOverlayProps) {
  const { t } = useTranslation();
  const setFlag = useTutorial((state) => state.set);
  const step = steps[index]!;
  const rect = useTargetRect(step.target);
  const last = index === steps.length - 1;
  const kind = mobile ? 'mobile' : 'desktop';

  // Hold open what the step points into (the profile dropdown, the drawer), and close the rest.
  useEffect(() => {
    for (const flag of ['profileDropdown', 'mainMenu', 'step3Mobile', 'closeChatPage'] as const) setFlag(flag, step.flags?.[flag] ?? false);
  }, [step, setFlag]);

  const pad = 6;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onEnd('/')}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60]" />
        {/* The spotlight: a transparent hole in a dark veil, around the step's target. */}
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-[60] rounded-xl transition-all duration-[400ms] motion-reduce:transition-none"
          style={
            rect
              ? {
                  top: rect.top - pad,
                  left: rect.left - pad,
                  width: rect.width + pad * 2,
                  height: rect.height + pad * 2,
                  boxShadow: '0 0 0 9999px rgb(28 26 41 / 0.55)',
                }
              : { top: '50%', left: '50%', width: 0, height: 0, boxShadow: '0 0 0 9999px rgb(28 26 41 / 0.55)' }
          }
        />
        <Dialog.Content
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed z-[61] space-y-3 rounded-2xl bg-white p-5 shadow-2xl focus:outline-none"
          style={cardPosition(rect, mobile)}
          data-testid="tutorial-card"
        >
          <p className="text-xs font-medium uppercase tracking-wide text-primary">{t('tutorial.stepOf', { step: index + 1, steps: steps.length })}</p>
          <Dialog.Title className="text-lg font-semibold text-ink">{t(`tutorial.${kind}.${step.id}.title`)}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{t(`tutorial.${kind}.${step.id}.body`)}</Dialog.Description>
          {/* Each button keeps its label on one line: on a narrow card the group moves under the link instead. */}
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            {last ? (
              <button type="button" onClick={() => onEnd('/')} className="text-sm font-medium text-muted hover:text-ink">
                {t('tutorial.home')}
              </button>
            ) : (
              <button type="button" onClick={() => onEnd('/')} className="text-sm font-medium text-muted hover:text-ink">
                {t('tutorial.skip')}
              </button>
            )}
            <div className="ml-auto flex gap-2">
              {index > 0 && (
                <button
                  type="button"
                  onClick={() => onIndexChange(index - 1)}
                  className="inline-flex min-h-10 items-center whitespace-nowrap rounded-lg border border-line px-3 text-sm font-medium hover:bg-canvas"
                >
                  {t('tutorial.back')}
                </button>
              )}
              {last ? (
                <button
                  type="button"
                  onClick={() => onEnd('/new-spark')}
                  className="inline-flex min-h-10 items-center whitespace-nowrap rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong"
                >
                  {t('tutorial.createSpark')}
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => onIndexChange(index + 1)}
                  className="inline-flex min-h-10 items-center whitespace-nowrap rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong"
                >
                  {t('tutorial.next')}
                </button>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

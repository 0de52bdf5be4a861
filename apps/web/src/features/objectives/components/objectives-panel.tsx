import { objectiveStatus, objectivesProgress, type Objective, type ObjectiveStatus, type StepStatus } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { stepLink } from '../step-link';
import { ProgressRing } from './progress-ring';
import { LineIcon } from '../../../components/ui/line-icon';

interface ObjectivesPanelProps {
  title: string;
  objectives: readonly Objective[] | undefined;
  loading: boolean;
  failed: boolean;
  headingId: string;
  onClose?: () => void;
  onRetry?: () => void;
}

const STATUS_STYLE: Record<ObjectiveStatus, string> = {
  Completed: 'bg-green-50 text-green-800',
  InProgress: 'bg-primary-soft text-primary',
  Error: 'bg-red-50 text-red-700',
  Pending: 'bg-canvas text-muted',
};

function StepMark({ status }: { status: StepStatus }) {
  const shapes: Record<StepStatus, { className: string; path: string }> = {
    completed: { className: 'bg-test text-white', path: 'M5 12l4 4 10-10' },
    inProgress: { className: 'border-2 border-primary text-primary', path: 'M12 7v5l3 2' },
    error: { className: 'bg-red-600 text-white', path: 'M12 7v6M12 17h.01' },
    pending: { className: 'border-2 border-line text-transparent', path: '' },
  };
  const shape = shapes[status];
  return (
    <span aria-hidden="true" className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full ${shape.className}`}>
      {shape.path && <LineIcon className="size-3.5" strokeWidth={3} d={shape.path} />}
    </span>
  );
}

/** A step's title, as a link to where it is done when there is such a place. */
function StepTitle({ stepId, title, done, onFollow }: { stepId: string; title: string; done: boolean; onFollow: (() => void) | undefined }) {
  const link = stepLink(stepId);
  const tone = done ? 'text-muted line-through decoration-muted/50' : 'text-ink';
  if (!link) return <span className={tone}>{title}</span>;
  return (
    <Link
      to={link}
      onClick={onFollow}
      className={`${tone} rounded underline-offset-2 hover:text-primary hover:decoration-solid focus-visible:outline-2 focus-visible:outline-primary ${done ? '' : 'underline decoration-line decoration-dotted'}`}
    >
      {title}
    </Link>
  );
}

/** product.md §2/§4 objectives panel: each objective with its derived status and its steps, and the overall percentage. */
export function ObjectivesPanel({ title, objectives, loading, failed, headingId, onClose, onRetry }: ObjectivesPanelProps) {
  const { t } = useTranslation();
  const percent = objectivesProgress(objectives ?? []);
  return (
    <div className="flex min-h-0 flex-1 flex-col bg-white" data-testid="objectives-panel">
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
        <span className="text-primary">
          <ProgressRing value={percent} label={t('objectives.progress', { percent })} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-base font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted">{t('objectives.subtitle')}</p>
        </div>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('objectives.close')}
            className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {loading ? (
          <div className="flex justify-center py-8 text-primary">
            <Spinner label={t('objectives.loading')} className="size-6" />
          </div>
        ) : failed ? (
          <div role="alert" className="space-y-3 text-sm">
            <p>{t('objectives.failed')}</p>
            {onRetry && (
              <button type="button" onClick={onRetry} className="font-medium text-primary underline">
                {t('common.retry')}
              </button>
            )}
          </div>
        ) : !objectives?.length ? (
          <p className="text-sm text-muted">{t('objectives.empty')}</p>
        ) : (
          <ol className="space-y-4">
            {objectives.map((objective) => {
              const status = objectiveStatus(objective.steps);
              return (
                <li key={objective._id} className="rounded-xl border border-line p-3">
                  <div className="mb-2 flex items-start justify-between gap-2">
                    <h3 className="text-sm font-semibold text-ink">{objective.title}</h3>
                    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{t(`objectives.status.${status}`)}</span>
                  </div>
                  <ul className="space-y-2">
                    {objective.steps.map((step) => (
                      <li key={step._id} className="flex items-start gap-2 text-sm" data-step-status={step.status}>
                        <StepMark status={step.status} />
                        <StepTitle stepId={step._id} title={step.title} done={step.status === 'completed'} onFollow={onClose} />
                        <span className="sr-only">({t(`objectives.stepStatus.${step.status}`)})</span>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}

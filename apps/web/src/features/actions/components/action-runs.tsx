import type { ActionRun } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { relativeMoment } from '../../../lib/relative-moment';
import { useActionRuns } from '../api/use-actions';
import { runDuration } from '../run-duration';

/** Where a run came from, as the log says it. */
const RUN_SOURCE: Record<ActionRun['source'], string> = { try: 'actions.runs.fromTry', visitor: 'actions.runs.fromVisitor', test: 'actions.runs.fromTest' };

/** One run: when, which action, how it went, and the inputs as the log kept them (a sensitive one masked). */
function RunRow({ run, now }: { run: ActionRun; now: number }) {
  const { t, i18n } = useTranslation();
  const ok = run.status === 'ok';
  const inputs = Object.entries(run.inputs);
  return (
    <li className="space-y-1.5 py-3 text-sm" data-testid="action-run">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">{run.actionName}</p>
        <time dateTime={run.at} className="text-xs text-muted">
          {relativeMoment(run.at, i18n.language, now, t('actions.runs.justNow'))}
        </time>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <span className={`rounded-full px-2 py-0.5 font-medium ${ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}>
          {ok ? t('actions.runs.ok') : t('actions.runs.failed')}
        </span>
        {run.httpStatus !== null && <span>{t('actions.runs.http', { status: run.httpStatus })}</span>}
        <span>{runDuration(run.durationMs, i18n.language)}</span>
        <span>{t(RUN_SOURCE[run.source])}</span>
      </p>
      {inputs.length > 0 && (
        <div className="text-xs">
          <span className="sr-only">{t('actions.runs.inputs')}</span>
          <dl className="flex flex-wrap gap-1.5">
            {inputs.map(([key, value]) => (
              <div key={key} className="flex min-w-0 max-w-full gap-1 rounded-md bg-canvas px-1.5 py-0.5 font-mono">
                <dt className="text-muted">{key}:</dt>
                <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {run.problem && <p className="text-xs text-red-800 [overflow-wrap:anywhere]">{run.problem}</p>}
    </li>
  );
}

/** The Spark's latest runs of its actions, tries and visitors' alike, newest first. */
export function ActionRuns({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const runs = useActionRuns(sparkId);
  const headingId = useId();
  const now = Date.now();
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="action-runs">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {t('actions.runs.title')}
      </h3>
      {runs.isPending ? (
        <Spinner label={t('actions.runs.loading')} />
      ) : runs.isError ? (
        <Alert tone="error">{t('actions.runs.loadFailed')}</Alert>
      ) : runs.data.length === 0 ? (
        <p className="text-sm text-muted">{t('actions.runs.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white px-4">
          {runs.data.map((run) => (
            <RunRow key={run._id} run={run} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

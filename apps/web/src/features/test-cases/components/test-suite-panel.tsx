import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { PanelHeader } from '../../../components/ui/panel-header';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { testCasesKey, useTestCaseMutations, useTestCases, useTestRuns } from '../api/use-test-cases';
import { CaseResult } from './case-result';
import { PassRateChart } from './pass-rate-chart';

/** The Spark's saved test cases: run them all, follow the run, read each verdict and the pass rates over time. */
export function TestSuitePanel({ sparkId, onClose, headingId }: { sparkId: string; onClose: () => void; headingId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cases = useTestCases(sparkId);
  const runs = useTestRuns(sparkId, { watch: true });
  const { run, remove } = useTestCaseMutations(sparkId);
  const current = runs.data?.find((item) => item.status === 'queued' || item.status === 'running');
  const latest = runs.data?.[0];
  // When a run ends, its verdicts are read.
  const finishedId = current ? null : (latest?._id ?? null);
  useEffect(() => {
    if (finishedId) void queryClient.invalidateQueries({ queryKey: testCasesKey(sparkId) });
  }, [finishedId, sparkId, queryClient]);

  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas" data-testid="test-suite-panel">
      <PanelHeader title={t('testCases.title')} headingId={headingId} closeLabel={t('testCases.close')} onClose={onClose} />
      <div className="relative min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {cases.isPending || runs.isPending ? (
          <Spinner label={t('testCases.loading')} />
        ) : cases.isError || runs.isError ? (
          <Alert tone="error">{t('testCases.loadFailed')}</Alert>
        ) : cases.data.length === 0 ? (
          <p className="text-sm text-muted">{t('testCases.empty')}</p>
        ) : (
          <>
            <div className="space-y-2">
              <Button onClick={() => run.mutate()} disabled={Boolean(current) || run.isPending} data-testid="run-all-tests">
                {t('testCases.runAll')}
              </Button>
              {run.isError && <Alert tone="error">{run.error.message}</Alert>}
              {current ? (
                <div role="status" className="space-y-1">
                  <p className="text-sm">
                    {current.status === 'queued' ? t('testCases.queued') : t('testCases.running', { completed: current.completed, total: current.total })}
                  </p>
                  <progress
                    className="h-2 w-full accent-primary"
                    max={Math.max(current.total, 1)}
                    value={current.completed}
                    aria-label={t('testCases.progress')}
                  />
                </div>
              ) : (
                latest && (
                  <p
                    role="status"
                    className={`text-sm font-medium ${latest.status === 'done' && latest.failed === 0 ? 'text-green-800' : 'text-red-800'}`}
                    data-testid="last-run"
                  >
                    {latest.status === 'failed' ? t('testCases.runFailed') : t('testCases.lastRun', { passed: latest.passed, total: latest.total })}
                  </p>
                )
              )}
              <p className="text-xs text-muted">{t('testCases.auto')}</p>
            </div>
            <PassRateChart runs={runs.data} />
            <ul className="space-y-2">
              {cases.data.map((testCase) => (
                <CaseResult key={testCase._id} testCase={testCase} deleting={remove.isPending} onDelete={() => remove.mutate(testCase._id)} />
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

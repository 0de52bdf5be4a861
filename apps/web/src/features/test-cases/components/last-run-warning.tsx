import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useTestCases, useTestRuns } from '../api/use-test-cases';

/** On the deploy panel: the Spark's last run of its saved tests failed, so what visitors get may have changed. */
export function LastRunWarning({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const runs = useTestRuns(sparkId);
  const last = runs.data?.find((run) => run.status === 'done' || run.status === 'failed');
  const failing = last?.failed ? true : false;
  const cases = useTestCases(sparkId, failing);
  if (!last || (last.status === 'done' && last.failed === 0)) return null;
  const names = (cases.data ?? [])
    .filter((testCase) => testCase.lastResult?.runId === last._id && !testCase.lastResult.passed)
    .map((testCase) => `“${testCase.name}”`);
  return (
    <div data-testid="last-run-warning">
      <Alert tone="error">
        {t('testCases.deployWarning', { failed: last.failed, total: last.total })}{' '}
        {names.length > 0 && <span data-testid="failing-cases">{t('testCases.deployWarningCases', { names: names.join(', '), count: names.length })} </span>}
        <Link to={`/spark/${sparkId}/test?panel=tests`} className="font-medium underline">
          {t('testCases.deployWarningLink')}
        </Link>
      </Alert>
    </div>
  );
}

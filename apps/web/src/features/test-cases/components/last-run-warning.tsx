import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useTestRuns } from '../api/use-test-cases';

/** On the deploy panel: the Spark's last run of its saved tests failed, so what visitors get may have changed. */
export function LastRunWarning({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const runs = useTestRuns(sparkId);
  const last = runs.data?.find((run) => run.status === 'done' || run.status === 'failed');
  if (!last || (last.status === 'done' && last.failed === 0)) return null;
  return (
    <div data-testid="last-run-warning">
      <Alert tone="error">
        {t('testCases.deployWarning', { failed: last.failed, total: last.total })}{' '}
        <Link to={`/spark/${sparkId}/test?panel=tests`} className="font-medium underline">
          {t('testCases.deployWarningLink')}
        </Link>
      </Alert>
    </div>
  );
}

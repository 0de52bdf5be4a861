import { LIMITS, TEST_LIMIT_MESSAGE, canAddTest, testTabLabel, type SparkTest } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ConfirmByTypingDialog } from '../../../components/ui/confirm-by-typing-dialog';
import { useTestMutations } from '../api/use-sparks';
import { canConfirmTestDelete } from '../sparks-rules';

interface TestTabsProps {
  sparkId: string;
  tests: SparkTest[];
  activeTestId?: string;
}

/** product.md §2 test tabs: one per test (long names cut), a delete icon that asks for the name, and '+' up to 5. */
export function TestTabs({ sparkId, tests, activeTestId }: TestTabsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create, remove } = useTestMutations(sparkId);
  const [deleting, setDeleting] = useState<SparkTest | null>(null);
  const [limitHit, setLimitHit] = useState(false);

  const add = () => {
    if (!canAddTest(tests.length)) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    create.mutate(t('tests.defaultName', { number: tests.length + 1 }), {
      onSuccess: (test) => void navigate(`/spark/${sparkId}/test/${test._id}`),
      onError: () => setLimitHit(true),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        const next = tests.find((test) => test._id !== deleting._id);
        setDeleting(null);
        if (deleting._id === activeTestId) void navigate(next ? `/spark/${sparkId}/test/${next._id}` : `/spark/${sparkId}/test`, { replace: true });
      },
    });
  };

  return (
    <div className="space-y-2">
      {/* Links, not ARIA tabs: each test is its own page, and each entry also holds a delete button. */}
      <nav aria-label={t('tests.tabs')}>
        <ul className="flex flex-wrap items-center gap-1">
          {tests.map((test) => (
            <li key={test._id} className="flex items-center rounded-lg border border-line bg-white">
              <NavLink
                to={`/spark/${sparkId}/test/${test._id}`}
                title={test.name}
                aria-current={test._id === activeTestId ? 'page' : undefined}
                className={({ isActive }) => `px-3 py-1.5 text-sm ${isActive ? 'font-semibold text-test' : 'text-ink'}`}
              >
                {testTabLabel(test.name)}
              </NavLink>
              <button
                type="button"
                aria-label={t('tests.deleteNamed', { name: test.name })}
                onClick={() => setDeleting(test)}
                className="px-2 py-1.5 text-muted hover:text-red-700"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-label={t('tests.add')}
              onClick={add}
              disabled={create.isPending}
              className="inline-flex size-9 items-center justify-center rounded-lg border border-dashed border-line text-lg text-muted hover:border-test hover:text-test"
            >
              +
            </button>
          </li>
        </ul>
      </nav>
      {limitHit && <Alert tone="error">{t('tests.limit', { count: LIMITS.testsPerSpark, defaultValue: TEST_LIMIT_MESSAGE })}</Alert>}
      <ConfirmByTypingDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('tests.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('tests.deleteDescription')}
        label={t('tests.deleteLabel', { name: deleting?.name ?? '' })}
        confirmLabel={t('tests.delete')}
        cancelLabel={t('common.cancel')}
        accepts={(typed) => canConfirmTestDelete(typed, deleting?.name ?? '')}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </div>
  );
}

import type { TestCase } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseFailures } from './case-failures';

/** One case: its verdict and reasons, and the previous and the new answer side by side on request. */
export function CaseResult({ testCase, onDelete, deleting }: { testCase: TestCase; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  const [comparing, setComparing] = useState(false);
  const result = testCase.lastResult;
  const shownQuestion = result?.turn != null ? testCase.turns[result.turn]?.question : undefined;
  const badge = !result
    ? ['bg-canvas text-muted', t('testCases.status.notRun')]
    : result.passed
      ? ['bg-green-100 text-green-800', t('testCases.status.passed')]
      : ['bg-red-100 text-red-800', t('testCases.status.failed')];
  return (
    <li className="space-y-2 rounded-lg border border-line bg-white p-3" data-testid="test-case" data-passed={result ? String(result.passed) : undefined}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{testCase.name}</p>
          <p className="text-xs text-muted">{t('testCases.questions', { count: testCase.turns.length })}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${badge[0]}`}>{badge[1]}</span>
      </div>
      {result && result.failures.length > 0 && <CaseFailures failures={result.failures} turns={testCase.turns} />}
      {result && result.graded === 'checks' && testCase.turns.some((turn) => turn.expectations?.expectation) && (
        <p className="text-xs text-muted">{t('testCases.notGraded')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {result && (
          <button
            type="button"
            aria-expanded={comparing}
            className="text-sm font-medium text-primary hover:underline"
            onClick={() => setComparing((open) => !open)}
          >
            {comparing ? t('testCases.compare.hide') : t('testCases.compare.show')}
          </button>
        )}
        <button type="button" className="text-sm text-muted hover:text-red-700 hover:underline" disabled={deleting} onClick={onDelete}>
          {t('testCases.delete', { name: testCase.name })}
        </button>
      </div>
      {result && comparing && (
        <div className="grid gap-2 text-sm desktop:grid-cols-2" data-testid="case-compare">
          {shownQuestion !== undefined && (
            <p className="break-words text-xs font-medium text-muted desktop:col-span-2">
              {t('testCases.compare.question', { n: (result.turn ?? 0) + 1, question: shownQuestion })}
            </p>
          )}
          <section className="rounded-lg bg-canvas p-2">
            <h4 className="text-xs font-semibold uppercase text-muted">{t('testCases.compare.previous')}</h4>
            <p className="whitespace-pre-line break-words">{result.previousAnswer || '—'}</p>
          </section>
          <section className="rounded-lg bg-canvas p-2">
            <h4 className="text-xs font-semibold uppercase text-muted">{t('testCases.compare.now')}</h4>
            <p className="whitespace-pre-line break-words">{result.answer || '—'}</p>
          </section>
        </div>
      )}
    </li>
  );
}

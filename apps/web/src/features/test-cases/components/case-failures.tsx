import type { CaseFailure, TestTurn } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

/** Why a case failed, under the question whose answer failed, so the owner knows which answer to look at. */
export function CaseFailures({ failures, turns }: { failures: readonly CaseFailure[]; turns: readonly TestTurn[] }) {
  const { t } = useTranslation();
  const groups = new Map<number | null, CaseFailure[]>();
  for (const failure of failures) groups.set(failure.turn, [...(groups.get(failure.turn) ?? []), failure]);
  return (
    <div className="space-y-2 text-sm text-red-800" data-testid="case-failures">
      {[...groups].map(([turn, group]) => (
        <div key={turn ?? 'all'}>
          {turn !== null && (
            <p className="break-words font-medium" data-testid="failed-question">
              {t('testCases.failedQuestion', { n: turn + 1, question: turns[turn]?.question ?? '' })}
            </p>
          )}
          <ul className="list-inside list-disc">
            {group.map((failure, index) => (
              <li key={index}>{t(`testCases.failure.${failure.code}`, { detail: failure.detail })}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

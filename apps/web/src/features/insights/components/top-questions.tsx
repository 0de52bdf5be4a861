import type { Insights } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The questions asked most, alike wordings counted together, each with a bar against the first. */
export function TopQuestions({ questions }: { questions: Insights['topQuestions'] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const most = questions[0]?.count ?? 1;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5" data-testid="top-questions">
      <div>
        <h3 id={titleId} className="text-base font-semibold text-ink">
          {t('insights.topQuestions.title')}
        </h3>
        <p className="text-sm text-muted">{t('insights.topQuestions.hint')}</p>
      </div>
      {questions.length === 0 ? (
        <p className="rounded-lg bg-canvas p-3 text-sm text-muted">{t('insights.topQuestions.empty')}</p>
      ) : (
        <ol className="space-y-2.5">
          {questions.map((question) => (
            <li key={question.question} className="space-y-1">
              <div className="flex items-start justify-between gap-3 text-sm">
                <span className="min-w-0 break-words text-ink">{question.question}</span>
                <span className="shrink-0 rounded-full bg-canvas px-2 text-xs font-medium text-muted tabular-nums">
                  <span aria-hidden="true">{number.format(question.count)}</span>
                  <span className="sr-only">{t('insights.topQuestions.count', { count: question.count })}</span>
                </span>
              </div>
              <div className="h-1 rounded-full bg-canvas" aria-hidden="true">
                <div className="h-1 rounded-full bg-primary/60" style={{ width: `${Math.max(2, (question.count / most) * 100)}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import type { Insights } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const CARD = 'space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5';

/** Which documents the period's answers quoted most, and which ready ones they never quoted. */
export function DocumentsUsage({ citedMost, neverCited }: Pick<Insights, 'citedMost' | 'neverCited'>) {
  const { t } = useTranslation();
  const citedId = useId();
  const neverId = useId();
  const most = citedMost[0]?.citations ?? 1;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby={citedId} className={CARD} data-testid="cited-most">
        <h3 id={citedId} className="text-base font-semibold text-ink">
          {t('insights.documents.citedTitle')}
        </h3>
        {citedMost.length === 0 ? (
          <p className="rounded-lg bg-canvas p-3 text-sm text-muted">{t('insights.documents.citedEmpty')}</p>
        ) : (
          <ol className="space-y-2.5">
            {citedMost.map((document) => (
              <li key={document.documentId} className="space-y-1">
                <div className="flex items-start justify-between gap-3 text-sm">
                  <span className="min-w-0 break-words text-ink">{document.name}</span>
                  <span className="shrink-0 text-xs text-muted tabular-nums">{t('insights.documents.citations', { count: document.citations })}</span>
                </div>
                <div className="h-1 rounded-full bg-canvas" aria-hidden="true">
                  <div className="h-1 rounded-full bg-secondary/70" style={{ width: `${Math.max(2, (document.citations / most) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={neverId} className={CARD} data-testid="never-cited">
        <div>
          <h3 id={neverId} className="text-base font-semibold text-ink">
            {t('insights.documents.neverTitle')}
          </h3>
          {neverCited.length > 0 && <p className="text-sm text-muted">{t('insights.documents.neverHint')}</p>}
        </div>
        {neverCited.length === 0 ? (
          <p className="rounded-lg bg-canvas p-3 text-sm text-muted">{t('insights.documents.neverEmpty')}</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {neverCited.map((document) => (
              <li key={document.documentId} className="py-2 break-words text-ink first:pt-0 last:pb-0">
                {document.name}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

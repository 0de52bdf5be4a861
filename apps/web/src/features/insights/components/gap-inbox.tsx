import type { KnowledgeGap } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useGaps } from '../api/use-gaps';
import { GapItem } from './gap-item';
import { GapResolvedNotice } from './gap-resolved-notice';

/**
 * The knowledge-gap inbox: visitors' questions the Spark could not answer, and answers they thumbed
 * down, grouped when asked alike; resolved ones show whether the Spark answers them now.
 */
export function GapInbox({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const gaps = useGaps(sparkId, status);
  // The question the owner just resolved: it leaves this list, and the notice says where it went.
  const [moved, setMoved] = useState<KnowledgeGap | null>(null);
  const show = (value: 'open' | 'resolved') => {
    setStatus(value);
    setMoved(null);
  };
  const tab = (value: 'open' | 'resolved') => (
    <button
      type="button"
      role="radio"
      aria-checked={status === value}
      onClick={() => show(value)}
      className={`min-h-9 rounded-md px-3 text-sm font-medium ${status === value ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
    >
      {t(`insights.gaps.${value}`)}
    </button>
  );
  return (
    <section aria-labelledby="gap-inbox-title" className="space-y-4 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5" data-testid="gap-inbox">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="gap-inbox-title" className="text-lg font-semibold text-ink">
            {t('insights.gaps.title')}
          </h2>
          <p className="text-sm text-muted">{t('insights.gaps.subtitle')}</p>
        </div>
        <div role="radiogroup" aria-label={t('insights.gaps.show')} className="inline-flex gap-1 rounded-lg bg-canvas p-1">
          {tab('open')}
          {tab('resolved')}
        </div>
      </div>
      {moved && status === 'open' && <GapResolvedNotice sparkId={sparkId} gap={moved} onShowResolved={() => show('resolved')} onClose={() => setMoved(null)} />}
      {gaps.isPending ? (
        <Spinner label={t('insights.gaps.loading')} className="size-6" />
      ) : gaps.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-900">
          <p>{t('insights.gaps.loadFailed')}</p>
          <Button variant="ghost" className="border border-red-200" onClick={() => void gaps.refetch()}>
            {t('insights.retry')}
          </Button>
        </div>
      ) : gaps.data.length === 0 ? (
        !moved && (
          <p className="rounded-lg bg-canvas p-4 text-sm text-muted">{status === 'open' ? t('insights.gaps.emptyOpen') : t('insights.gaps.emptyResolved')}</p>
        )
      ) : (
        <ul className="space-y-3">
          {gaps.data.map((gap) => (
            <li key={gap._id}>
              <GapItem sparkId={sparkId} gap={gap} onResolved={setMoved} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

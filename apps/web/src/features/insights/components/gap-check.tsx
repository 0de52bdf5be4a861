import type { KnowledgeGap } from '@sparks/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useGapCheck } from '../api/use-gaps';

/** An owner answer is read in a few seconds: a fresh one that does not answer yet is asked again a few times. */
const RETRIES = 4;
const RETRY_MS = 1500;

/** A resolved question asked again of the Spark as it is now: whether it answers, and from what. */
export function GapCheck({ sparkId, gap }: { sparkId: string; gap: KnowledgeGap }) {
  const { t } = useTranslation();
  const check = useGapCheck(sparkId);
  const tries = useRef(0);
  const { mutate } = check;
  useEffect(() => {
    mutate(gap._id);
  }, [gap._id, mutate]);
  useEffect(() => {
    if (!check.data || check.data.answered || gap.status !== 'answered' || tries.current >= RETRIES) return;
    const timer = setTimeout(() => {
      tries.current += 1;
      mutate(gap._id);
    }, RETRY_MS);
    return () => clearTimeout(timer);
  }, [check.data, gap._id, gap.status, mutate]);

  return (
    <div className="space-y-2 text-sm" aria-live="polite">
      {check.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner label={t('insights.gaps.checking')} className="size-4" />
          {t('insights.gaps.checking')}
        </p>
      ) : check.isError ? (
        <p className="text-red-800">{t('insights.gaps.checkFailed')}</p>
      ) : check.data ? (
        <div className={`rounded-lg p-3 ${check.data.answered ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`} data-testid="gap-check">
          <p className="font-medium">{check.data.answered ? t('insights.gaps.nowAnswers') : t('insights.gaps.stillUnanswered')}</p>
          {/* The [n] markers point at sources listed below by title; here they would be noise. */}
          {check.data.answer && <p className="mt-1 line-clamp-4 whitespace-pre-line text-ink">{check.data.answer.replace(/\s*\[\d{1,3}\]/g, '')}</p>}
          {check.data.citedTitles.length > 0 && <p className="mt-1 text-xs">{t('insights.gaps.cites', { titles: check.data.citedTitles.join(', ') })}</p>}
        </div>
      ) : null}
      <Button variant="ghost" className="min-h-9 border border-line" disabled={check.isPending} onClick={() => mutate(gap._id)}>
        {t('insights.gaps.checkAgain')}
      </Button>
    </div>
  );
}

import type { KnowledgeGap } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useGapActions } from '../api/use-gaps';
import { GapAnswerForm } from './gap-answer-form';
import { GapCheck } from './gap-check';

/** One question of the inbox: how often it went unanswered or thumbed down, and what the owner can do about it. */
export function GapItem({ sparkId, gap, onResolved }: { sparkId: string; gap: KnowledgeGap; onResolved?: (gap: KnowledgeGap) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { answer, resolve } = useGapActions(sparkId);
  const [answering, setAnswering] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(gap.lastAskedAt));
  const facts = [
    gap.unanswered > 0 ? t('insights.gaps.unanswered', { count: gap.unanswered }) : null,
    gap.thumbsDown > 0 ? t('insights.gaps.thumbsDown', { count: gap.thumbsDown }) : null,
    t('insights.gaps.lastAsked', { when }),
  ].filter(Boolean);
  const failed = answer.isError || resolve.isError;
  // Told through the promise, not mutate's callbacks: the item leaves the list (unmounts) as the list refreshes.
  const resolvedHere = (resolved: KnowledgeGap) => {
    setAnswering(false);
    onResolved?.(resolved);
  };

  return (
    <article className="space-y-3 rounded-xl border border-line bg-white p-4" aria-label={gap.question} data-testid="gap-item">
      <div className="space-y-1">
        <h3 className="break-words font-semibold text-ink">{gap.question}</h3>
        <p className="text-xs text-muted">{facts.join(' · ')}</p>
        {gap.lastComment && <blockquote className="border-l-2 border-line pl-2 text-sm italic text-muted">{gap.lastComment}</blockquote>}
      </div>
      {gap.status === 'open' ? (
        answering ? (
          <GapAnswerForm
            pending={answer.isPending}
            onCancel={() => setAnswering(false)}
            onSubmit={(body) => void answer.mutateAsync({ gapId: gap._id, ...body }).then(resolvedHere, () => undefined)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button className="min-h-9" onClick={() => setAnswering(true)}>
              {t('insights.gaps.answer')}
            </Button>
            <Button
              variant="ghost"
              className="min-h-9 border border-line"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ gapId: gap._id, by: 'document' }, { onSuccess: () => void navigate(`/spark/${sparkId}?panel=documents`) })}
            >
              {t('insights.gaps.attach')}
            </Button>
            <Button
              variant="ghost"
              className="min-h-9"
              disabled={resolve.isPending}
              onClick={() => void resolve.mutateAsync({ gapId: gap._id, by: 'dismissed' }).then(resolvedHere, () => undefined)}
            >
              {t('insights.gaps.dismiss')}
            </Button>
          </div>
        )
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            {t(`insights.gaps.resolvedBy.${gap.status}`)}
            {gap.testCaseId && ` · ${t('insights.gaps.testSaved')}`}
          </p>
          {gap.status !== 'dismissed' && <GapCheck sparkId={sparkId} gap={gap} />}
        </div>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          {t('insights.gaps.failed')}
        </p>
      )}
    </article>
  );
}

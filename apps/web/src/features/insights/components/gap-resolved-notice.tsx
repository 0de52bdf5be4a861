import type { KnowledgeGap } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { GapCheck } from './gap-check';

/**
 * Where a question just resolved went: it leaves "To answer" for "Resolved", and this says so
 * in its place, with the Spark asked again when the owner answered it.
 */
export function GapResolvedNotice({
  sparkId,
  gap,
  onShowResolved,
  onClose,
}: {
  sparkId: string;
  gap: KnowledgeGap;
  onShowResolved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4" data-testid="gap-resolved-notice">
      <p className="text-sm text-ink">{t(`insights.gaps.movedToResolved.${gap.status === 'open' ? 'answered' : gap.status}`, { question: gap.question })}</p>
      {gap.status !== 'dismissed' && <GapCheck sparkId={sparkId} gap={gap} />}
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" className="min-h-9 border border-line bg-white" onClick={onShowResolved}>
          {t('insights.gaps.showResolved')}
        </Button>
        <Button variant="ghost" className="min-h-9" onClick={onClose}>
          {t('insights.gaps.closeNotice')}
        </Button>
      </div>
    </div>
  );
}

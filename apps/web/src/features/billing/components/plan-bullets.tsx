import type { PlanLimits } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

/** What a plan holds, one bullet per limit, in the words of the plans popup (product.md §6). */
export function PlanBullets({ limits }: { limits: PlanLimits }) {
  const { t } = useTranslation();
  return (
    <ul className="flex-1 list-disc space-y-1 pl-5 text-sm">
      <li>{t('plans.bullets.sparks', { count: limits.sparks })}</li>
      <li>{t('plans.bullets.integrations', { count: limits.integrations })}</li>
      <li>{t('plans.bullets.interactions', { count: limits.interactionsPerMonth })}</li>
      <li>{t('plans.bullets.documents', { count: limits.documents, megabytes: limits.documentMaxMegabytes })}</li>
      <li>{t('plans.bullets.ocrPages', { count: limits.ocrPagesPerDocument })}</li>
      {/* Websites read as knowledge, counted across the account's Sparks, and the pages read from each (docs/decisions/0028). */}
      <li>{t('plans.bullets.websites', { count: limits.sites, pages: limits.pagesPerSite })}</li>
      {/* People in the account, its owner included (docs/decisions/0038). */}
      <li>{limits.seats === null ? t('plans.bullets.seatsUnlimited') : t('plans.bullets.seats', { count: limits.seats })}</li>
      {/* What a Spark may do in the owner's systems (docs/decisions/0042). */}
      <li>{t('plans.bullets.actions', { count: limits.actions })}</li>
      <li>{t('plans.bullets.tool')}</li>
    </ul>
  );
}

import { WEBSITE_SKIP_REASONS, type Website } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { crawlProblemText } from '../website-messages';
import { shortAddress } from '../website-rules';

/**
 * What a crawl left and why: how many addresses for each reason, a few of each named, and for a page
 * that failed what went wrong, in the owner's language.
 */
export function WebsiteSkipped({ website }: { website: Pick<Website, 'skipped' | 'skippedCounts'> }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const counts = WEBSITE_SKIP_REASONS.map((reason) => ({
    reason,
    count: website.skippedCounts[reason] ?? website.skipped.filter((entry) => entry.reason === reason).length,
  })).filter(({ count }) => count > 0);
  const total = counts.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return null;
  return (
    <details className="text-xs text-muted" data-testid="website-skipped">
      <summary className="cursor-pointer">{t('websites.skipped.summary', { count: total, formatted: number.format(total) })}</summary>
      <ul className="mt-1 max-h-48 space-y-2 overflow-y-auto">
        {counts.map(({ reason, count }) => {
          const sample = website.skipped.filter((entry) => entry.reason === reason);
          return (
            <li key={reason}>
              <p className="font-medium text-ink first-letter:uppercase">
                {t(`websites.skipped.${reason}`)} ({number.format(count)})
              </p>
              <ul className="space-y-0.5 ps-3">
                {sample.map((entry) => (
                  <li key={entry.url} className="break-words">
                    {shortAddress(entry.url)}
                    {entry.problem ? ` — ${crawlProblemText(t, entry.problem)}` : ''}
                  </li>
                ))}
                {count > sample.length && (
                  <li>{t('websites.skipped.more', { count: count - sample.length, formatted: number.format(count - sample.length) })}</li>
                )}
              </ul>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

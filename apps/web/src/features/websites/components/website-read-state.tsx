import type { Website } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import type { PageCounts } from '../website-rules';

interface WebsiteReadStateProps {
  website: Website;
  pageCounts?: PageCounts | undefined;
}

/**
 * Where a website stands, in a line read out as it changes. Once its pages are read, the documents
 * they became say how many answer: those read, those still being read, those that could not be.
 * Without them (the Spark's documents not known yet) the pages found stand in.
 */
export function WebsiteReadState({ website, pageCounts }: WebsiteReadStateProps) {
  const { t } = useTranslation();
  const { state, progress } = website;
  // Pages that could not be read are said on their own line: "the rest" are those still being read.
  const readable = pageCounts ? pageCounts.ready + pageCounts.reading : 0;
  return (
    <>
      <p className="text-xs text-muted" role="status" data-testid="website-state">
        {state === 'discovering' && t('websites.state.discovering', { found: progress.found, read: progress.read })}
        {state === 'discovered' && t('websites.state.discovered', { count: website.pages.length, limit: website.pageLimit })}
        {state === 'importing' && t('websites.state.importing', { read: progress.read, total: progress.found })}
        {state === 'ready' &&
          (pageCounts && pageCounts.reading > 0
            ? t('websites.state.readyReading', { ready: pageCounts.ready, count: readable })
            : t('websites.state.ready', { count: pageCounts ? pageCounts.ready : website.pages.length }))}
        {state === 'cancelled' && t('websites.state.cancelled')}
        {state === 'failed' && t('websites.state.failed')}
      </p>
      {state === 'ready' && pageCounts && pageCounts.failed > 0 && (
        <p className="text-xs text-amber-800" data-testid="website-pages-failed">
          {t('websites.state.pagesFailed', { count: pageCounts.failed })}
        </p>
      )}
    </>
  );
}

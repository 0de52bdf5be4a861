import type { Website } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { Spinner } from '../../../components/ui/spinner';
import type { useWebsiteActions } from '../api/use-websites';
import { ScheduleSelect } from './schedule-select';
import { WebsitePages } from './website-pages';

interface WebsiteCardProps {
  website: Website;
  actions: ReturnType<typeof useWebsiteActions>;
}

/** The address as an owner reads it: host and path, without the scheme. */
const shortAddress = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** One website of the Spark: where its crawl stands, what it found and left, and what the owner can do next. */
export function WebsiteCard({ website, actions }: WebsiteCardProps) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  const { state, progress } = website;
  const working = state === 'discovering' || state === 'importing';
  const lastSync = website.syncs[0];
  return (
    <article className="space-y-3 rounded-xl border border-line bg-white p-3" data-testid="website-card" aria-label={shortAddress(website.url)}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink" title={website.url}>
            {shortAddress(website.url)}
          </p>
          <p className="text-xs text-muted" role="status" data-testid="website-state">
            {state === 'discovering' && t('websites.state.discovering', { found: progress.found, read: progress.read })}
            {state === 'discovered' && t('websites.state.discovered', { count: website.pages.length, limit: website.pageLimit })}
            {state === 'importing' && t('websites.state.importing', { read: progress.read, total: progress.found })}
            {state === 'ready' && t('websites.state.ready', { count: website.pages.length })}
            {state === 'cancelled' && t('websites.state.cancelled')}
            {state === 'failed' && t('websites.state.failed')}
          </p>
        </div>
        {working && <Spinner label={t('websites.working')} className="size-5 text-primary" />}
      </div>
      {state === 'failed' && website.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
          {website.error}
        </p>
      )}
      {website.skipped.length > 0 && !working && (
        <details className="text-xs text-muted">
          <summary className="cursor-pointer">{t('websites.skipped.summary', { count: website.skipped.length })}</summary>
          <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {website.skipped.map((entry) => (
              <li key={entry.url} className="break-words">
                <span className="font-medium text-ink">{shortAddress(entry.url)}</span> — {t(`websites.skipped.${entry.reason}`)}
                {entry.reason === 'failed' ? `: ${entry.detail}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      {state === 'ready' && lastSync && (
        <p className="text-xs text-muted" data-testid="website-last-sync">
          {t('websites.lastSync', {
            when: new Date(lastSync.at).toLocaleString(),
            added: lastSync.added,
            changed: lastSync.changed,
            removed: lastSync.removed,
          })}
        </p>
      )}
      {(state === 'discovered' || reviewing) && website.pages.length > 0 && (
        <WebsitePages
          website={website}
          busy={actions.read.isPending}
          onRead={(leaveOut) => {
            setReviewing(false);
            actions.read.mutate({ websiteId: website._id, leaveOut });
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {state === 'discovering' && (
          <Button variant="ghost" className="border border-line" onClick={() => actions.cancel.mutate(website._id)}>
            {t('websites.actions.stop')}
          </Button>
        )}
        {(state === 'ready' || state === 'failed' || state === 'cancelled') && (
          <Button variant="ghost" className="border border-line" disabled={actions.sync.isPending} onClick={() => actions.sync.mutate(website._id)}>
            {state === 'ready' ? t('websites.actions.sync') : t('websites.actions.retry')}
          </Button>
        )}
        {state === 'ready' && website.pages.length > 0 && (
          <Button variant="ghost" className="border border-line" onClick={() => setReviewing((open) => !open)} aria-expanded={reviewing}>
            {t('websites.actions.choose')}
          </Button>
        )}
        {!working && (
          <ConfirmInPlace
            label={t('websites.actions.remove')}
            warning={t('websites.actions.removeWarning')}
            confirmLabel={t('websites.actions.removeConfirm')}
            busy={actions.remove.isPending}
            onConfirm={() => actions.remove.mutate(website._id)}
          />
        )}
      </div>
      {!working && <ScheduleSelect inline value={website.schedule} onChange={(schedule) => actions.schedule.mutate({ websiteId: website._id, schedule })} />}
    </article>
  );
}

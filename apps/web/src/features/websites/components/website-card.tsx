import type { Website } from '@sparks/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { Spinner } from '../../../components/ui/spinner';
import type { useWebsiteActions } from '../api/use-websites';
import { crawlProblemText, websiteProblemText } from '../website-messages';
import { shortAddress, websiteProblemOf, type PageCounts } from '../website-rules';
import { ScheduleSelect } from './schedule-select';
import { WebsitePages } from './website-pages';
import { WebsitePathsEditor } from './website-paths-editor';
import { WebsiteReadState } from './website-read-state';
import { WebsiteSkipped } from './website-skipped';

type Actions = ReturnType<typeof useWebsiteActions>;

interface WebsiteCardProps {
  website: Website;
  actions: Actions;
  /** Its pages by the state of the documents they became, when the screen knows the Spark's documents. */
  pageCounts?: PageCounts | undefined;
}

/** The last of the card's actions that failed for this website, if any: the actions are shared by the section's cards. */
function failedAction(actions: Actions, websiteId: string): Error | null {
  const byId = [actions.sync, actions.cancel, actions.remove].find((action) => action.isError && action.variables === websiteId);
  const byBody = [actions.read, actions.schedule].find((action) => action.isError && action.variables?.websiteId === websiteId);
  return byId?.error ?? byBody?.error ?? null;
}

/** One website of the Spark: where its crawl stands, what it found and left, and what the owner can do next. */
export function WebsiteCard({ website, actions, pageCounts }: WebsiteCardProps) {
  const { t, i18n } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  const [editingPaths, setEditingPaths] = useState(false);
  const [pathsSaved, setPathsSaved] = useState(false);
  const editPathsRef = useRef<HTMLButtonElement>(null);
  const { state } = website;
  const working = state === 'discovering' || state === 'importing';
  const lastSync = website.syncs[0];
  const failure = failedAction(actions, website._id);
  // "Paths saved" holds until the site is read again, which is when they apply.
  useEffect(() => {
    if (working) setPathsSaved(false);
  }, [working]);
  return (
    <article className="space-y-3 rounded-xl border border-line bg-white p-3" data-testid="website-card" aria-label={shortAddress(website.url)}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink" title={website.url}>
            {shortAddress(website.url)}
          </p>
          <WebsiteReadState website={website} pageCounts={pageCounts} />
        </div>
        {working && <Spinner label={t('websites.working')} className="size-5 text-primary" />}
      </div>
      {(website.include.length > 0 || website.exclude.length > 0) && !editingPaths && (
        <dl className="space-y-0.5 text-xs text-muted" data-testid="website-paths">
          {website.include.length > 0 && (
            <div className="flex gap-1">
              <dt className="shrink-0">{t('websites.paths.onlyThese')}</dt>
              <dd className="min-w-0 break-words font-mono text-ink">{website.include.join(', ')}</dd>
            </div>
          )}
          {website.exclude.length > 0 && (
            <div className="flex gap-1">
              <dt className="shrink-0">{t('websites.paths.leftOut')}</dt>
              <dd className="min-w-0 break-words font-mono text-ink">{website.exclude.join(', ')}</dd>
            </div>
          )}
        </dl>
      )}
      {state === 'failed' && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
          {website.problem ? crawlProblemText(t, website.problem) : t('websites.state.failed')}
        </p>
      )}
      {!working && <WebsiteSkipped website={website} />}
      {state === 'ready' && lastSync && (
        <p className="text-xs text-muted" data-testid="website-last-sync">
          {t('websites.lastSync', {
            // In the owner's language and in the style of the documents' own dates, not the browser's default.
            when: new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastSync.at)),
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
          <Button
            ref={editPathsRef}
            variant="ghost"
            className="border border-line"
            onClick={() => {
              setPathsSaved(false);
              setEditingPaths((open) => !open);
            }}
            aria-expanded={editingPaths}
          >
            {t('websites.paths.edit')}
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
      {editingPaths && !working && (
        <WebsitePathsEditor
          website={website}
          save={actions.paths}
          onDone={(saved) => {
            setEditingPaths(false);
            setPathsSaved(saved);
            // The editor's buttons leave with it: focus goes back to the button that opened it.
            editPathsRef.current?.focus();
          }}
        />
      )}
      {pathsSaved && (
        <p role="status" className="text-xs text-muted">
          {t('websites.paths.saved')}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          {websiteProblemText(t, websiteProblemOf(failure))}
        </p>
      )}
      {!working && <ScheduleSelect inline value={website.schedule} onChange={(schedule) => actions.schedule.mutate({ websiteId: website._id, schedule })} />}
    </article>
  );
}

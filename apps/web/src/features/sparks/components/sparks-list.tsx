import { TIMINGS_MS, type Spark } from '@sparks/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { ConfirmByTypingDialog } from '../../../components/ui/confirm-by-typing-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useTheme } from '../../../lib/theme-store';
import { useDataLoadStatus } from '../../../lib/use-data-load-status';
import { useLingering } from '../../../lib/use-lingering';
import { useViewportStore } from '../../../lib/viewport-store';
import { useSparkMutations, useSparks } from '../api/use-sparks';
import { DELETE_SPARK_WORD, canConfirmSparkDelete, paginate, splitSparks } from '../sparks-rules';
import { SparkItemMenu } from './spark-item-menu';

function SparkRow({ spark, onDelete }: { spark: Spark; onDelete: (spark: Spark) => void }) {
  const { t } = useTranslation();
  const { update } = useSparkMutations();
  const activeSparkId = useTheme((state) => state.activeSparkId);
  const link = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-9 min-w-0 flex-1 items-center truncate rounded-md px-2 text-sm ${isActive ? 'bg-primary-soft font-medium text-primary' : 'text-ink hover:bg-canvas'}`;
  return (
    <li>
      <div className="flex items-center gap-1">
        <NavLink to={`/spark/${spark._id}`} end className={link}>
          <span className="truncate">{spark.name}</span>
        </NavLink>
        <SparkItemMenu spark={spark} onTogglePin={() => update.mutate({ sparkId: spark._id, patch: { pin: !spark.pin } })} onDelete={() => onDelete(spark)} />
      </div>
      {activeSparkId === spark._id && (
        <NavLink
          to={`/spark/${spark._id}/test`}
          className="ml-4 mt-0.5 flex min-h-8 items-center rounded-md px-2 text-xs font-medium text-test hover:bg-canvas"
        >
          {t('sparks.tests')}
        </NavLink>
      )}
    </li>
  );
}

function SparkSection({ title, sparks, onDelete, children }: { title: string; sparks: Spark[]; onDelete: (spark: Spark) => void; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">
        {title}
      </h2>
      <ul className="space-y-0.5">
        {sparks.map((spark) => (
          <SparkRow key={spark._id} spark={spark} onDelete={onDelete} />
        ))}
      </ul>
      {children}
    </section>
  );
}

/** product.md §2 Sparks list: pinned (at most 4), then recents paged by window height. */
export function SparksList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sparks = useSparks();
  const { remove } = useSparkMutations();
  const height = useViewportStore((state) => state.height);
  const activeSparkId = useTheme((state) => state.activeSparkId);
  const setActiveSpark = useTheme((state) => state.setActiveSpark);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Spark | null>(null);
  const loading = useLingering(sparks.isPending, TIMINGS_MS.loadingIndicatorDelay);
  const status = useDataLoadStatus(sparks);

  if (loading || sparks.isPending) return <Spinner label={t('sparks.loading')} />;
  if (sparks.isError && !sparks.data) {
    return (
      <div role="alert" className="space-y-2 px-2 text-sm text-red-700" data-load-status="error">
        <p>{t('sparks.loadFailed')}</p>
        <button type="button" className="rounded-md border border-red-300 px-2 py-1 font-medium hover:bg-red-50" onClick={() => void sparks.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (sparks.data.length === 0) return <p className="px-2 text-sm text-muted">{t('sparks.empty')}</p>;

  const { pinned, recents } = splitSparks(sparks.data);
  const current = paginate(recents, height, page);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        if (activeSparkId === deleting._id) {
          setActiveSpark(null);
          void navigate('/', { replace: true });
        }
        setDeleting(null);
      },
    });
  };

  return (
    // Busy until the spec's data-load status settles, so screen readers read the list once, complete.
    <div className="space-y-4" aria-busy={status === 'loading'} data-load-status={status}>
      {pinned.length > 0 && <SparkSection title={t('sparks.pinned')} sparks={pinned} onDelete={setDeleting} />}
      {recents.length > 0 && (
        <SparkSection title={t('sparks.recents')} sparks={current.items} onDelete={setDeleting}>
          {current.pages > 1 && (
            <nav aria-label={t('sparks.pages')} className="mt-2 flex items-center justify-between px-2 text-xs text-muted">
              <button
                type="button"
                className="rounded px-2 py-1 hover:bg-canvas disabled:opacity-40"
                disabled={current.page <= 1}
                onClick={() => setPage(current.page - 1)}
              >
                {t('sparks.previous')}
              </button>
              <span aria-live="polite">{t('sparks.pageOf', { page: current.page, pages: current.pages })}</span>
              <button
                type="button"
                className="rounded px-2 py-1 hover:bg-canvas disabled:opacity-40"
                disabled={current.page >= current.pages}
                onClick={() => setPage(current.page + 1)}
              >
                {t('sparks.next')}
              </button>
            </nav>
          )}
        </SparkSection>
      )}
      <ConfirmByTypingDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('sparks.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('sparks.deleteDescription', { word: DELETE_SPARK_WORD })}
        label={t('sparks.deleteLabel', { word: DELETE_SPARK_WORD })}
        confirmLabel={t('sparks.delete')}
        cancelLabel={t('common.cancel')}
        accepts={canConfirmSparkDelete}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </div>
  );
}

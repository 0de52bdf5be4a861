import type { SharepointDrive, SharepointSite } from '@sparks/contract';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSharepointDrives, useSharepointFolders, useSharepointSites } from '../api/use-sharepoint';

interface PickerProps {
  sparkId: string;
  busy: boolean;
  error: string | null;
  onImport: (choice: { siteId: string; driveId: string; folderIds: string[] }) => void;
  onCancel?: () => void;
}

const ROW =
  'flex w-full items-center justify-between gap-3 rounded-lg border border-line bg-white px-3 py-2 text-left text-sm hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
        <span aria-hidden="true" className="inline-flex size-6 items-center justify-center rounded-full bg-primary-soft text-xs text-primary">
          {number}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}

function SitePicker({ sparkId, onPick }: { sparkId: string; onPick: (site: SharepointSite) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const sites = useSharepointSites(sparkId, deferred, true);
  return (
    <div className="space-y-2">
      <label className="block text-sm">
        <span className="sr-only">{t('sharepoint.picker.searchSites')}</span>
        <input
          type="search"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('sharepoint.picker.searchSites')}
          className="w-full rounded-lg border border-line px-3 py-2 text-sm"
        />
      </label>
      {sites.isPending ? (
        <Spinner label={t('sharepoint.picker.loadingSites')} />
      ) : sites.isError ? (
        <Alert tone="error">{sites.error.message}</Alert>
      ) : sites.data.length === 0 ? (
        <p className="text-sm text-muted">{t('sharepoint.picker.noSites')}</p>
      ) : (
        <ul className="space-y-1.5" aria-busy={sites.isFetching}>
          {sites.data.map((site) => (
            <li key={site.id}>
              <button type="button" className={ROW} onClick={() => onPick(site)}>
                <span className="min-w-0 truncate font-medium">{site.name}</span>
                <span aria-hidden="true">›</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DrivePicker({ sparkId, siteId, onPick }: { sparkId: string; siteId: string; onPick: (drive: SharepointDrive) => void }) {
  const { t } = useTranslation();
  const drives = useSharepointDrives(sparkId, siteId);
  if (drives.isPending) return <Spinner label={t('sharepoint.picker.loadingLibraries')} />;
  if (drives.isError) return <Alert tone="error">{drives.error.message}</Alert>;
  if (drives.data.length === 0) return <p className="text-sm text-muted">{t('sharepoint.picker.noLibraries')}</p>;
  return (
    <ul className="space-y-1.5">
      {drives.data.map((drive) => (
        <li key={drive.id}>
          <button type="button" className={ROW} onClick={() => onPick(drive)}>
            <span className="min-w-0 truncate font-medium">{drive.name}</span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A folder browser: open folders to go down, tick the ones whose files the Spark should read. */
function FolderPicker({
  sparkId,
  drive,
  selected,
  onToggle,
}: {
  sparkId: string;
  drive: SharepointDrive;
  selected: Map<string, string>;
  onToggle: (id: string, path: string) => void;
}) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<Array<{ id: string; name: string }>>([]);
  const current = trail.at(-1) ?? null;
  const folders = useSharepointFolders(sparkId, drive.id, current?.id ?? null);
  if (folders.isPending) return <Spinner label={t('sharepoint.picker.loadingFolders')} />;
  if (folders.isError) return <Alert tone="error">{folders.error.message}</Alert>;
  const here = folders.data.folder;
  const label = (path: string) => path || drive.name;
  return (
    <div className="space-y-2">
      <nav aria-label={t('sharepoint.picker.trail')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {[{ id: '', name: drive.name }, ...trail].map((step, index, all) => (
            <li key={step.id || 'root'} className="flex items-center gap-1">
              {index < all.length - 1 ? (
                <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={() => setTrail(trail.slice(0, index))}>
                  {step.name}
                </button>
              ) : (
                <span aria-current="location" className="font-medium">
                  {step.name}
                </span>
              )}
              {index < all.length - 1 && <span aria-hidden="true">/</span>}
            </li>
          ))}
        </ol>
      </nav>
      <label className="flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={selected.has(here.id)} onChange={() => onToggle(here.id, label(here.path))} />
        <span>{t('sharepoint.picker.wholeFolder', { name: label(here.path), count: folders.data.files })}</span>
      </label>
      {folders.data.folders.length === 0 ? (
        <p className="text-sm text-muted">{t('sharepoint.picker.noSubfolders')}</p>
      ) : (
        <ul className="space-y-1.5">
          {folders.data.folders.map((folder) => (
            <li key={folder.id} className="flex items-center gap-2 rounded-lg border border-line bg-white px-3 py-1.5">
              <input
                id={`folder-${folder.id}`}
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={selected.has(folder.id)}
                onChange={() => onToggle(folder.id, folder.path)}
              />
              <label htmlFor={`folder-${folder.id}`} className="min-w-0 flex-1 truncate text-sm">
                {folder.name}
              </label>
              <button
                type="button"
                className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-primary-soft"
                aria-label={t('sharepoint.picker.open', { name: folder.name })}
                onClick={() => setTrail([...trail, { id: folder.id, name: folder.name }])}
              >
                {t('sharepoint.picker.openShort')} ›
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** product.md §1: the owner picks a site, one of its libraries and folders; their PDF and Word files become the Spark's. */
export function SharepointPicker({ sparkId, busy, error, onImport, onCancel }: PickerProps) {
  const { t } = useTranslation();
  const [site, setSite] = useState<SharepointSite | null>(null);
  const [drive, setDrive] = useState<SharepointDrive | null>(null);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const toggle = (id: string, path: string) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, path);
      return next;
    });
  const change = (back: 'site' | 'drive') => {
    if (back === 'site') setSite(null);
    setDrive(null);
    setSelected(new Map());
  };
  return (
    <div className="space-y-5" data-testid="sharepoint-picker">
      <Step number={1} title={t('sharepoint.picker.site')}>
        {site ? (
          <p className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">{site.name}</span>
            <button type="button" className="text-primary hover:underline" onClick={() => change('site')}>
              {t('sharepoint.picker.change')}
            </button>
          </p>
        ) : (
          <SitePicker sparkId={sparkId} onPick={setSite} />
        )}
      </Step>
      {site && (
        <Step number={2} title={t('sharepoint.picker.library')}>
          {drive ? (
            <p className="flex items-center justify-between gap-2 text-sm">
              <span className="font-medium">{drive.name}</span>
              <button type="button" className="text-primary hover:underline" onClick={() => change('drive')}>
                {t('sharepoint.picker.change')}
              </button>
            </p>
          ) : (
            <DrivePicker sparkId={sparkId} siteId={site.id} onPick={setDrive} />
          )}
        </Step>
      )}
      {site && drive && (
        <Step number={3} title={t('sharepoint.picker.folders')}>
          <FolderPicker sparkId={sparkId} drive={drive} selected={selected} onToggle={toggle} />
          {selected.size > 0 && (
            <p className="text-xs text-muted">
              {t('sharepoint.picker.chosen', { folders: [...selected.values()].map((path) => path || drive.name).join(', ') })}
            </p>
          )}
        </Step>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!site || !drive || selected.size === 0 || busy}
          onClick={() => site && drive && onImport({ siteId: site.id, driveId: drive.id, folderIds: [...selected.keys()] })}
        >
          {busy ? t('sharepoint.picker.importing') : t('sharepoint.picker.import', { count: selected.size })}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}

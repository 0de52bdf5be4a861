import type { SharepointStatus } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { PanelHeader } from '../../../components/ui/panel-header';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { fetchAuthorizeUrl, useSharepointMutations, useSharepointStatus } from '../api/use-sharepoint';
import { openConnectWindow } from '../connect-window';
import { SharepointPicker } from './sharepoint-picker';

interface SharepointPanelProps {
  sparkId: string;
  /** Why the last connect window came back without a connection (?integrationError=…). */
  connectError: string | null;
  onViewPlans: () => void;
  onClose: () => void;
  headingId?: string;
}

const STATUS_TONE: Record<string, string> = {
  ready: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  queued: 'bg-canvas text-muted',
  processing: 'bg-primary-soft text-primary',
};

function ConnectButton({ sparkId, label }: { sparkId: string; label: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const connect = () => {
    setError(null);
    setBusy(true);
    openConnectWindow(() => fetchAuthorizeUrl(sparkId))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : t('sharepoint.connectFailed')))
      .finally(() => setBusy(false));
  };
  return (
    <div className="space-y-2">
      <Button onClick={connect} disabled={busy} data-testid="sharepoint-connect">
        {label}
      </Button>
      <p className="text-xs text-muted">{t('sharepoint.newWindow')}</p>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

function ImportedFiles({ files }: { files: SharepointStatus['files'] }) {
  const { t } = useTranslation();
  if (files.length === 0) return <p className="text-sm text-muted">{t('sharepoint.noFiles')}</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label={t('sharepoint.files')} data-testid="sharepoint-files">
      {files.map((file) => (
        <li key={file.documentId} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium">{file.name}</span>
            {file.path && <span className="block truncate text-xs text-muted">{file.path}</span>}
          </span>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[file.status] ?? ''}`}>
            {t(`sharepoint.fileStatus.${file.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function SyncState({ status }: { status: SharepointStatus }) {
  const { t, i18n } = useTranslation();
  const { sync } = status;
  if (sync.running) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-primary">
        <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
        {t('sharepoint.syncing')}
      </p>
    );
  }
  const summary = sync.summary;
  return (
    <div className="space-y-1 text-sm" role="status">
      {sync.lastSyncedAt && <p className="text-muted">{t('sharepoint.lastSynced', { when: new Date(sync.lastSyncedAt).toLocaleString(i18n.language) })}</p>}
      {summary && <p>{t('sharepoint.summary', { imported: summary.imported, updated: summary.updated, removed: summary.removed })}</p>}
      {summary?.skipped.map((skip) => (
        <p key={`${skip.name}-${skip.reason}`} className="text-amber-800">
          {t(`sharepoint.skipped.${skip.reason}`, { name: skip.name })}
        </p>
      ))}
      {sync.lastError && <Alert tone="error">{t('sharepoint.syncFailed')}</Alert>}
    </div>
  );
}

function Disconnect({ sparkId, files }: { sparkId: string; files: number }) {
  const { t } = useTranslation();
  const { disconnect } = useSharepointMutations(sparkId);
  const [removeDocuments, setRemoveDocuments] = useState(false);
  return (
    <ConfirmInPlace
      label={t('sharepoint.disconnect.button')}
      warning={t('sharepoint.disconnect.warning')}
      confirmLabel={t('sharepoint.disconnect.confirm')}
      busy={disconnect.isPending}
      // The panel shows the disconnected state once it succeeds; a failure stays here with its message.
      onConfirm={() => {
        disconnect.mutate(removeDocuments);
        return false;
      }}
    >
      {files > 0 && (
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={removeDocuments}
            onChange={(event) => setRemoveDocuments(event.target.checked)}
          />
          <span>{t('sharepoint.disconnect.removeDocuments', { count: files })}</span>
        </label>
      )}
      {disconnect.isError && <Alert tone="error">{disconnect.error.message}</Alert>}
    </ConfirmInPlace>
  );
}

function Connected({ sparkId, status }: { sparkId: string; status: SharepointStatus }) {
  const { t } = useTranslation();
  const { select, sync } = useSharepointMutations(sparkId);
  const [choosing, setChoosing] = useState(false);
  const picking = status.state === 'connected' && (choosing || !status.drive);
  return (
    <div className="space-y-5">
      {status.account && <p className="text-sm text-muted">{t('sharepoint.account', { account: status.account })}</p>}
      {status.state === 'reconnect' && (
        <div className="space-y-2">
          <Alert tone="error">{t('sharepoint.reconnectNeeded')}</Alert>
          <ConnectButton sparkId={sparkId} label={t('sharepoint.reconnect')} />
        </div>
      )}
      {picking ? (
        <SharepointPicker
          sparkId={sparkId}
          busy={select.isPending}
          error={select.error?.message ?? null}
          onImport={(choice) => select.mutate(choice, { onSuccess: () => setChoosing(false) })}
          {...(status.drive ? { onCancel: () => setChoosing(false) } : {})}
        />
      ) : (
        status.drive && (
          <section className="space-y-2" aria-label={t('sharepoint.following')}>
            <h3 className="text-sm font-semibold text-ink">{t('sharepoint.following')}</h3>
            <p className="text-sm">
              {status.site?.name} · {status.drive.name}
            </p>
            <ul className="list-inside list-disc text-sm">
              {status.folders.map((folder) => (
                <li key={folder.id}>{folder.path || status.drive?.name}</li>
              ))}
            </ul>
            <SyncState status={status} />
            {status.state === 'connected' && (
              <div className="flex flex-wrap gap-2">
                <Button disabled={status.sync.running || sync.isPending} onClick={() => sync.mutate()}>
                  {t('sharepoint.syncNow')}
                </Button>
                <Button variant="ghost" className="border border-line" onClick={() => setChoosing(true)}>
                  {t('sharepoint.changeFolders')}
                </Button>
              </div>
            )}
            {sync.isError && <Alert tone="error">{sync.error.message}</Alert>}
          </section>
        )
      )}
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-ink">{t('sharepoint.files')}</h3>
        <ImportedFiles files={status.files} />
      </section>
      <Disconnect sparkId={sparkId} files={status.files.length} />
    </div>
  );
}

/** A Spark's SharePoint library: connect, choose folders, follow the sync and each file, disconnect. */
export function SharepointPanel({ sparkId, connectError, onViewPlans, onClose, headingId }: SharepointPanelProps) {
  const { t } = useTranslation();
  const status = useSharepointStatus(sparkId);
  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas" data-testid="sharepoint-panel">
      <PanelHeader title={t('sharepoint.title')} headingId={headingId} closeLabel={t('sharepoint.close')} onClose={onClose} />
      <div className="relative min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {connectError && <Alert tone="error">{t(`sharepoint.connectError.${connectError}`, { defaultValue: t('sharepoint.connectFailed') })}</Alert>}
        {status.isPending ? (
          <Spinner label={t('sharepoint.loading')} />
        ) : status.isError ? (
          <Alert tone="error">{t('sharepoint.loadFailed')}</Alert>
        ) : status.data.state === 'unavailable' ? (
          <div className="space-y-3 text-sm">
            <p>{t(status.data.reason === 'plan' ? 'sharepoint.needsPlan' : 'sharepoint.notConfigured')}</p>
            {status.data.reason === 'plan' && <Button onClick={onViewPlans}>{t('sharepoint.viewPlans')}</Button>}
          </div>
        ) : status.data.state === 'disconnected' ? (
          <div className="space-y-3">
            <p className="text-sm">{t('sharepoint.intro')}</p>
            <ConnectButton sparkId={sparkId} label={t('sharepoint.connect')} />
          </div>
        ) : (
          <Connected sparkId={sparkId} status={status.data} />
        )}
      </div>
    </div>
  );
}

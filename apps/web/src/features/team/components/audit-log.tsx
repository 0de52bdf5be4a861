import { AUDIT_KINDS, type AuditKind, type Member } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmptyNote } from '../../../components/ui/empty-note';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { downloadAudit, useAuditLog, type AuditFilters } from '../api/use-audit';
import { TEAM_REFUSALS } from '../team-rules';
import { refusalText } from '../../../lib/refusal-text';

/** Who did what and when: filtered by person and kind, read on page by page, exported as CSV. */
export function AuditLog({ members }: { members: Member[] }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const log = useAuditLog(filters);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const exportFile = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      await downloadAudit(filters);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="audit-title" className="text-base font-semibold">
          {t('team.audit.title')}
        </h2>
        <Button variant="ghost" className="border border-line" disabled={exporting} onClick={() => void exportFile()}>
          {exporting ? t('team.audit.exporting') : t('team.audit.export')}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('team.audit.person')}
          value={filters.person ?? ''}
          onChange={(event) => setFilters({ ...filters, person: event.target.value || undefined })}
        >
          <option value="">{t('team.audit.everyone')}</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name ?? member.email}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('team.audit.kind')}
          value={filters.kind ?? ''}
          onChange={(event) => setFilters({ ...filters, kind: (event.target.value || undefined) as AuditKind | undefined })}
        >
          <option value="">{t('team.audit.everything')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`team.audit.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {exportFailed && <Alert tone="error">{t('team.audit.exportFailed')}</Alert>}
      {log.isPending ? (
        <Spinner label={t('team.audit.loading')} />
      ) : log.isError ? (
        <Alert tone="error">{refusalText(log.error, TEAM_REFUSALS, t)}</Alert>
      ) : events.length === 0 ? (
        <EmptyNote>{t('team.audit.empty')}</EmptyNote>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="audit-events">
          {events.map((event) => (
            <li key={event._id} className="space-y-0.5 p-3 text-sm">
              <p className="text-ink [overflow-wrap:anywhere]">
                <span className="font-medium">{event.actor.email ?? t('team.audit.system')}</span> · {t(`team.audit.kinds.${event.kind}`)}
              </p>
              <p className="text-xs text-muted [overflow-wrap:anywhere]">
                <time dateTime={event.at}>{date.format(new Date(event.at))}</time>
                {Object.entries(event.detail)
                  .filter(([name]) => !name.endsWith('Id'))
                  .map(([name, value]) => ` · ${name === 'role' ? t(`team.roles.${value}`, { defaultValue: value }) : value}`)
                  .join('')}
              </p>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <Button variant="ghost" className="border border-line" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? t('team.audit.loading') : t('team.audit.more')}
        </Button>
      )}
    </section>
  );
}

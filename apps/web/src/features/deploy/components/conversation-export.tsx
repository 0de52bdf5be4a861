import { EXPORT_PERIOD_DAYS } from '@sparks/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { downloadExport } from '../api/download-export';

/** Download the Spark's conversations (visitors and test chats) of a period, as CSV for a spreadsheet or JSON. */
export function ConversationExport({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [days, setDays] = useState<string>('30');
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    setFailed(false);
    try {
      await downloadExport(sparkId, format, days);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="space-y-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.export.title')}
      </h3>
      <SelectField id={`${id}-period`} label={t('deploy.export.period')} value={days} onChange={(event) => setDays(event.target.value)}>
        {EXPORT_PERIOD_DAYS.map((option) => (
          <option key={option} value={option}>
            {t('deploy.export.lastDays', { count: Number(option) })}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          className="min-h-9 border border-primary px-3 text-primary"
          onClick={() => void download('csv')}
          disabled={busy !== null}
          aria-busy={busy === 'csv'}
        >
          {busy === 'csv' ? t('deploy.export.preparing') : t('deploy.export.csv')}
        </Button>
        <Button
          variant="ghost"
          className="min-h-9 border border-primary px-3 text-primary"
          onClick={() => void download('json')}
          disabled={busy !== null}
          aria-busy={busy === 'json'}
        >
          {busy === 'json' ? t('deploy.export.preparing') : t('deploy.export.json')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('deploy.export.hint')}</p>
      {failed && <Alert tone="error">{t('deploy.export.failed')}</Alert>}
    </section>
  );
}

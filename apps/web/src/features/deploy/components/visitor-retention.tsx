import { VISITOR_RETENTION_DAYS, type VisitorRetentionDays } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/select-field';

interface VisitorRetentionProps {
  /** Days visitors' conversations are kept; null keeps them until deleted. */
  days: number | null;
  saving: boolean;
  error: Error | null;
  onChange: (days: VisitorRetentionDays) => void;
}

const FOREVER = 'forever';

/** How long the Spark keeps what website visitors wrote: what site owners are asked about first. */
export function VisitorRetention({ days, saving, error, onChange }: VisitorRetentionProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="space-y-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.retention.title')}
      </h3>
      <SelectField
        id={`${id}-select`}
        label={t('deploy.retention.label')}
        value={days === null ? FOREVER : String(days)}
        disabled={saving}
        onChange={(event) => onChange(VISITOR_RETENTION_DAYS.find((option) => String(option) === event.target.value) ?? null)}
        data-testid="visitor-retention"
      >
        {VISITOR_RETENTION_DAYS.map((option) => (
          <option key={option} value={String(option)}>
            {t('deploy.retention.days', { count: option })}
          </option>
        ))}
        <option value={FOREVER}>{t('deploy.retention.forever')}</option>
      </SelectField>
      <p className="text-xs text-muted" data-testid="visitor-retention-summary">
        {days === null ? t('deploy.retention.keptForever') : t('deploy.retention.keptFor', { count: days })}
      </p>
      {error && <Alert tone="error">{error.message}</Alert>}
    </section>
  );
}

import { WIDGET_DAILY_CAP_MAX, type Deployment } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';

type Caps = Deployment['dailyCaps'];
export type CapsChange = { perVisitor: number | null; perSpark: number | null };

interface WidgetUsageCapsProps {
  usage: Deployment['usage'];
  caps: Caps;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
  onSave: (caps: CapsChange) => void;
}

/** A typed cap: blank or the plan's default means "follow the plan"; otherwise a whole number in range. */
function parseCap(text: string, fallback: number): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  if (value < 1 || value > WIDGET_DAILY_CAP_MAX) return 'invalid';
  return value === fallback ? null : value;
}

function CapField({
  id,
  label,
  hint,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (text: string) => void;
  invalid: boolean;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        className="min-h-10 w-full rounded-lg border border-line px-3 text-sm focus:outline-2 focus:outline-primary"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * What the widget has answered (today, this month, and the plan's month across every chat) and the
 * daily caps that keep a script on a forged website from spending the plan: per visitor and per Spark.
 */
export function WidgetUsageCaps({ usage, caps, saving, saved, error, onSave }: WidgetUsageCapsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visitor, setVisitor] = useState(String(caps.perVisitor.value));
  const [spark, setSpark] = useState(String(caps.perSpark.value));
  const [invalid, setInvalid] = useState(false);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const perVisitor = parseCap(visitor, caps.perVisitor.default);
    const perSpark = parseCap(spark, caps.perSpark.default);
    if (perVisitor === 'invalid' || perSpark === 'invalid') return setInvalid(true);
    setInvalid(false);
    onSave({ perVisitor, perSpark });
  };
  const figures = [
    { label: t('deploy.usage.today'), value: usage.today },
    { label: t('deploy.usage.month'), value: usage.month },
    { label: t('deploy.usage.plan'), value: t('deploy.usage.ofLimit', { used: usage.interactionsThisMonth, limit: usage.interactionsPerMonth }) },
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.usage.title')}
      </h3>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-line bg-white p-2">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd className="text-base font-semibold text-ink">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <form onSubmit={save} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <CapField
            id={`${id}-visitor`}
            label={t('deploy.usage.perVisitor')}
            hint={t('deploy.usage.defaultHint', { value: caps.perVisitor.default })}
            value={visitor}
            onChange={setVisitor}
            invalid={invalid}
          />
          <CapField
            id={`${id}-spark`}
            label={t('deploy.usage.perSpark')}
            hint={t('deploy.usage.defaultHint', { value: caps.perSpark.default })}
            value={spark}
            onChange={setSpark}
            invalid={invalid}
          />
        </div>
        <p className="text-xs text-muted">{t('deploy.usage.capsHint')}</p>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={saving}>
            {t('deploy.usage.save')}
          </Button>
          <p role="status" className="text-sm text-green-800">
            {saved && !saving ? t('deploy.usage.saved') : ''}
          </p>
        </div>
        {invalid && <Alert tone="error">{t('deploy.usage.invalid', { max: WIDGET_DAILY_CAP_MAX })}</Alert>}
        {error && <Alert tone="error">{error.message}</Alert>}
      </form>
    </section>
  );
}

import { allowedOriginSchema, MAX_ALLOWED_ORIGINS, type Deployment } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';

interface AllowedWebsitesProps {
  origins: string[];
  /** Websites where the widget was refused lately, and why. */
  refusals: Deployment['refusals'];
  saving: boolean;
  error: ApiError | null;
  onChange: (origins: string[]) => void;
}

/** A host typed without a scheme is allowed on both: a site still on http must not be left silently without its chat. */
const originsFor = (typed: string, origin: string): string[] =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(typed.trim()) ? [origin] : [origin, origin.replace(/^https:/, 'http:')];

/** The websites the widget may run on: added by address (normalised to an origin), removed one by one. */
export function AllowedWebsites({ origins, refusals, saving, error, onChange }: AllowedWebsitesProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = allowedOriginSchema.safeParse(draft);
    if (!parsed.success) return setInvalid(true);
    setInvalid(false);
    setDraft('');
    const added = originsFor(draft, parsed.data).filter((origin) => !origins.includes(origin));
    if (added.length > 0) onChange([...origins, ...added].slice(0, MAX_ALLOWED_ORIGINS));
  };
  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-3">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.websites.title')}
      </h3>
      {refusals.length > 0 && (
        <div role="status" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="widget-refusals">
          <p className="font-medium">{t('deploy.refusals.title')}</p>
          <ul className="space-y-2">
            {refusals.map((refusal) => (
              <li key={refusal.origin} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="break-all font-mono">{refusal.origin}</span>{' '}
                  <span className="text-xs">{t(`deploy.refusals.${refusal.reason}`, { count: refusal.times })}</span>
                </span>
                {refusal.reason === 'not-listed' && origins.length < MAX_ALLOWED_ORIGINS && (
                  <Button
                    variant="ghost"
                    className="min-h-8 border border-amber-300 bg-white px-2 text-xs"
                    disabled={saving}
                    onClick={() => onChange([...origins, refusal.origin])}
                  >
                    {t('deploy.refusals.allow')}
                    <span className="sr-only"> {refusal.origin}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {origins.length === 0 ? (
        <Alert tone="info">{t('deploy.websites.none')}</Alert>
      ) : (
        <ul className="space-y-2" aria-label={t('deploy.websites.title')}>
          {origins.map((origin) => (
            <li key={origin} className="flex items-center justify-between gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm">
              <span className="min-w-0 truncate font-mono">{origin}</span>
              <button
                type="button"
                disabled={saving}
                onClick={() => onChange(origins.filter((item) => item !== origin))}
                className="shrink-0 rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                {t('deploy.websites.remove')}
                <span className="sr-only"> {origin}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="space-y-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {t('deploy.websites.add')}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setInvalid(false);
            }}
            placeholder="shop.example"
            maxLength={200}
            autoComplete="url"
            aria-invalid={invalid}
            aria-describedby={hintId}
            disabled={saving || origins.length >= MAX_ALLOWED_ORIGINS}
            className="min-h-10 min-w-0 flex-1 rounded-lg border border-line px-3 text-sm focus:outline-2 focus:outline-primary"
          />
          <Button type="submit" disabled={saving || draft.trim() === '' || origins.length >= MAX_ALLOWED_ORIGINS}>
            {t('deploy.websites.addButton')}
          </Button>
        </div>
        <p id={hintId} className={`text-xs ${invalid ? 'text-red-700' : 'text-muted'}`} role={invalid ? 'alert' : undefined}>
          {invalid ? t('deploy.websites.invalid') : t('deploy.websites.hint', { max: MAX_ALLOWED_ORIGINS })}
        </p>
      </form>
      {error && <Alert tone="error">{error.message}</Alert>}
    </section>
  );
}

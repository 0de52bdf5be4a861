import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { ApiError } from '../../../lib/api-client';
import { privacyUrlToSave, refusedSetting } from '../widget-settings-rules';

interface PrivacyLinkProps {
  /** The owner's privacy policy; null: the widget links the product's. */
  url: string | null;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
  onSave: (url: string | null) => void;
}

/** The owner's privacy policy, which the widget links where it asks a visitor for an e-mail address. */
export function PrivacyLink({ url, saving, saved, error, onSave }: PrivacyLinkProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(url ?? '');
  const [invalid, setInvalid] = useState(false);
  const typed = privacyUrlToSave(draft);
  const changed = 'url' in typed ? typed.url !== url : draft.trim() !== '';
  const save = (event: FormEvent) => {
    event.preventDefault();
    if ('invalid' in typed) return setInvalid(true);
    setInvalid(false);
    onSave(typed.url);
  };
  const refused = refusedSetting(error) === 'privacyUrl';
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="privacy-link">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.privacy.title')}
      </h3>
      <form onSubmit={save} className="space-y-3" noValidate>
        <TextField
          label={t('deploy.privacy.label')}
          hint={t('deploy.privacy.hint')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('deploy.privacy.placeholder')}
          maxLength={500}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          {...(invalid || refused ? { error: t('deploy.privacy.invalid') } : {})}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving || !changed}>
            {saving ? t('deploy.privacy.saving') : t('deploy.privacy.save')}
          </Button>
          {url !== null && (
            <Button variant="ghost" className="border border-line" disabled={saving} onClick={() => onSave(null)}>
              {t('deploy.privacy.clear')}
            </Button>
          )}
          <p role="status" aria-live="polite" className="text-sm text-green-800">
            {saved && !saving && !changed ? (url === null ? t('deploy.privacy.cleared') : t('deploy.privacy.saved')) : ''}
          </p>
        </div>
        {error && !refused && <Alert tone="error">{error.message}</Alert>}
      </form>
    </section>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandoffEmails } from '../api/use-handoff-emails';

/** Under the Live view's notifications button: whether this member is e-mailed when a visitor asks for a person. */
export function HandoffEmailsToggle({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useHandoffEmails();
  // The choice shows at once and stays while the profile is read again; a failure puts back what is stored.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? enabled;
  return (
    <div className="flex items-start gap-2 px-1 text-sm text-ink">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => {
          const value = event.target.checked;
          setChosen(value);
          change.mutate(value, { onError: () => setChosen(null) });
        }}
      />
      <label htmlFor={id}>{t('live.handoffEmails')}</label>
      {change.isError && (
        <span role="alert" className="sr-only">
          {t('live.handoffEmailsFailed')}
        </span>
      )}
    </div>
  );
}

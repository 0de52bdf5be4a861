import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandoffEmails } from '../api/use-handoff-emails';

/** Under the Live view's notifications button: whether this member is e-mailed when a visitor asks for a person. */
export function HandoffEmailsToggle({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useHandoffEmails();
  const checked = change.isPending && change.variables !== undefined ? change.variables : enabled;
  return (
    <div className="flex items-start gap-2 px-1 text-sm text-ink">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
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

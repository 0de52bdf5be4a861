import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_KINDS, type ActionKind } from '../action-draft';

interface ActionKindPickerProps {
  kind: ActionKind;
  disabled: boolean;
  onChange: (kind: ActionKind) => void;
}

/** What the action does, as three choices each saying what it is good for: radio buttons, so the arrows move between them. */
export function ActionKindPicker({ kind, disabled, onChange }: ActionKindPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('actions.form.kind')}</legend>
      {ACTION_KINDS.map((option) => (
        <label
          key={option}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-focus-visible:ring-2 has-focus-visible:ring-primary/30 ${
            kind === option ? 'border-primary bg-primary-soft' : 'border-line bg-white'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={kind === option}
            disabled={disabled}
            onChange={() => onChange(option)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            data-testid={`action-kind-${option}`}
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium text-ink">{t(`actions.kinds.${option}`)}</span>
            <span className="block text-xs text-muted">{t(`actions.kindHints.${option}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

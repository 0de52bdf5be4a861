import { ACTION_LIMITS } from '@sparks/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { emptyInput, type DraftPartProps, type InputDraft } from '../action-draft';
import { ActionInputRow } from './action-input-row';

/** What the Spark asks the visitor for before it acts, each named by the key its templates use. */
export function ActionInputsEditor({ draft, onChange, problems, disabled }: DraftPartProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const inputs = draft.inputs;
  const set = (index: number, patch: Partial<InputDraft>) => onChange({ inputs: inputs.map((input, at) => (at === index ? { ...input, ...patch } : input)) });
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-ink">{t('actions.inputs.title')}</legend>
      <p id={hintId} className="text-xs text-muted">
        {t('actions.inputs.hint')}
      </p>
      {problems.inputs && <p className="text-sm text-red-700">{problems.inputs}</p>}
      {inputs.map((input, index) => (
        <ActionInputRow
          key={input.rowId}
          input={input}
          number={index + 1}
          problemOf={(field) => problems[`inputs.${index}.${field}`]}
          disabled={disabled}
          onChange={(patch) => set(index, patch)}
          onRemove={() => {
            onChange({ inputs: inputs.filter((_, at) => at !== index) });
            // The row's buttons are gone: focus stays in the list, on the button that adds one.
            addRef.current?.focus();
          }}
        />
      ))}
      <Button
        ref={addRef}
        variant="ghost"
        className="border border-line"
        disabled={disabled || inputs.length >= ACTION_LIMITS.inputs}
        onClick={() => onChange({ inputs: [...inputs, emptyInput()] })}
      >
        {t('actions.inputs.add')}
      </Button>
    </fieldset>
  );
}

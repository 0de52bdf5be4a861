import { ACTION_INPUT_TYPES, type ActionInputType } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { InputDraft } from '../action-draft';

interface ActionInputRowProps {
  input: InputDraft;
  /** Its place in the list, from 1: the row's name for screen readers. */
  number: number;
  problemOf: (field: 'key' | 'label' | 'description' | 'choices') => string | undefined;
  disabled: boolean;
  onChange: (patch: Partial<InputDraft>) => void;
  onRemove: () => void;
}

/** One input: its key and label, its type (and choices), whether it is required or sensitive, and a word on what it is. */
export function ActionInputRow({ input, number, problemOf, disabled, onChange, onRemove }: ActionInputRowProps) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('actions.inputs.row', { number })}
      className="space-y-3 rounded-lg border border-line bg-white p-3"
      data-testid="action-input-row"
    >
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <TextField
          label={t('actions.inputs.key')}
          hint={t('actions.inputs.keyHint')}
          placeholder={t('actions.inputs.keyPlaceholder')}
          autoCapitalize="off"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={input.key}
          error={problemOf('key')}
          disabled={disabled}
          onChange={(event) => onChange({ key: event.target.value })}
        />
        <TextField
          label={t('actions.inputs.label')}
          placeholder={t('actions.inputs.labelPlaceholder')}
          maxLength={80}
          value={input.label}
          error={problemOf('label')}
          disabled={disabled}
          onChange={(event) => onChange({ label: event.target.value })}
        />
      </div>
      <SelectField
        label={t('actions.inputs.type')}
        value={input.type}
        disabled={disabled}
        onChange={(event) => onChange({ type: event.target.value as ActionInputType })}
      >
        {ACTION_INPUT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`actions.inputs.types.${type}`)}
          </option>
        ))}
      </SelectField>
      {input.type === 'choice' && (
        <TextAreaField
          label={t('actions.inputs.choices')}
          hint={t('actions.inputs.choicesHint')}
          rows={3}
          value={input.choices}
          error={problemOf('choices')}
          disabled={disabled}
          onChange={(event) => onChange({ choices: event.target.value })}
        />
      )}
      <TextField
        label={t('actions.inputs.description')}
        hint={t('actions.inputs.descriptionHint')}
        maxLength={300}
        value={input.description}
        error={problemOf('description')}
        disabled={disabled}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-2">
          <CheckboxField
            label={t('actions.inputs.required')}
            checked={input.required}
            disabled={disabled}
            onChange={(event) => onChange({ required: event.target.checked })}
          />
          <CheckboxField
            label={t('actions.inputs.sensitive')}
            checked={input.sensitive}
            disabled={disabled}
            onChange={(event) => onChange({ sensitive: event.target.checked })}
          />
        </div>
        <Button variant="ghost" className="border border-line" disabled={disabled} onClick={onRemove}>
          {t('actions.inputs.remove')}
        </Button>
      </div>
    </div>
  );
}

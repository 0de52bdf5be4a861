import { ACTION_LIMITS } from '@sparks/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { emptyHeader, type HeaderDraft } from '../action-draft';

interface ActionHeadersEditorProps {
  headers: readonly HeaderDraft[];
  onChange: (headers: HeaderDraft[]) => void;
  problems: Readonly<Record<string, string>>;
  disabled: boolean;
}

/**
 * The headers sent with each call. A secret's value is typed unseen and never comes back: a saved
 * one shows an empty field that keeps it when left empty.
 */
export function ActionHeadersEditor({ headers, onChange, problems, disabled }: ActionHeadersEditorProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const set = (index: number, patch: Partial<HeaderDraft>) => onChange(headers.map((header, at) => (at === index ? { ...header, ...patch } : header)));
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-ink">{t('actions.headers.title')}</legend>
      <p id={hintId} className="text-xs text-muted">
        {t('actions.headers.hint')}
      </p>
      {problems['does.headers'] && <p className="text-sm text-red-700">{problems['does.headers']}</p>}
      {headers.map((header, index) => (
        <div
          key={header.rowId}
          role="group"
          aria-label={t('actions.headers.row', { number: index + 1 })}
          className="space-y-3 rounded-lg border border-line bg-white p-3"
          data-testid="action-header-row"
        >
          <TextField
            label={t('actions.headers.name')}
            placeholder="Authorization"
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={header.name}
            error={problems[`does.headers.${index}.name`]}
            disabled={disabled}
            // The server keeps a secret by its header's name: under a new name, its value is asked for again.
            onChange={(event) => set(index, { name: event.target.value, saved: false })}
          />
          <TextField
            label={t('actions.headers.value')}
            type={header.secret ? 'password' : 'text'}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={2000}
            placeholder={header.secret && header.saved ? t('actions.headers.savedPlaceholder') : undefined}
            // The placeholder is cut short on a phone and not always read out: the hint says it in full.
            hint={header.secret && header.saved ? t('actions.headers.savedHint') : undefined}
            value={header.value}
            error={problems[`does.headers.${index}.value`]}
            disabled={disabled}
            onChange={(event) => set(index, { value: event.target.value })}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CheckboxField
              label={t('actions.headers.secret')}
              checked={header.secret}
              disabled={disabled}
              onChange={(event) => set(index, { secret: event.target.checked })}
            />
            <Button
              variant="ghost"
              className="border border-line"
              disabled={disabled}
              onClick={() => {
                onChange(headers.filter((_, at) => at !== index));
                // The row's buttons are gone: focus stays in the list, on the button that adds one.
                addRef.current?.focus();
              }}
            >
              {t('actions.headers.remove')}
            </Button>
          </div>
        </div>
      ))}
      <Button
        ref={addRef}
        variant="ghost"
        className="border border-line"
        disabled={disabled || headers.length >= ACTION_LIMITS.headers}
        onClick={() => onChange([...headers, emptyHeader()])}
      >
        {t('actions.headers.add')}
      </Button>
    </fieldset>
  );
}

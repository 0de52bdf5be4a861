import { ACTION_LIMITS, ACTION_METHODS, type ActionMethod } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { braces, type DraftPartProps } from '../action-draft';
import { ActionHeadersEditor } from './action-headers-editor';

/** The call to the owner's API: method and address, headers, a JSON body, and what the visitor reads from the answer. */
export function ActionApiFields({ draft, onChange, problems, disabled }: DraftPartProps) {
  const { t } = useTranslation();
  const input = braces(t('actions.sample.input'));
  const field = (name: string) => braces(`${t('actions.sample.input')}.${t(`actions.sample.${name}`)}`);
  const keys = draft.inputs.map((row) => row.key.trim()).filter(Boolean);
  // The owner's own inputs, written as the templates take them, beside each template.
  const yours = keys.length > 0 ? ` ${t('actions.form.yourInputs', { keys: keys.map(braces).join(' ') })}` : '';
  return (
    <div className="space-y-4" data-testid="action-api-fields">
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-2">
        <SelectField
          label={t('actions.api.method')}
          value={draft.method}
          disabled={disabled}
          onChange={(event) => onChange({ method: event.target.value as ActionMethod })}
        >
          {ACTION_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('actions.api.url')}
          placeholder={t('actions.api.urlPlaceholder', { input })}
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={ACTION_LIMITS.urlChars}
          value={draft.url}
          error={problems['does.url']}
          disabled={disabled}
          onChange={(event) => onChange({ url: event.target.value })}
        />
      </div>
      <p className="-mt-2 text-xs text-muted">
        {t('actions.api.urlHint', { input })}
        {yours}
      </p>
      <ActionHeadersEditor headers={draft.headers} onChange={(headers) => onChange({ headers })} problems={problems} disabled={disabled} />
      {draft.method !== 'GET' && (
        <TextAreaField
          label={t('actions.api.body')}
          hint={`${t('actions.api.bodyHint', { input })}${yours}`}
          placeholder={t('actions.api.bodyPlaceholder', { input })}
          rows={4}
          inputClassName="font-mono text-sm"
          spellCheck={false}
          maxLength={ACTION_LIMITS.bodyChars}
          value={draft.body}
          error={problems['does.body']}
          disabled={disabled}
          onChange={(event) => onChange({ body: event.target.value })}
        />
      )}
      <TextAreaField
        label={t('actions.api.reply')}
        hint={`${t('actions.api.replyHint', { field: field('status'), input })}${yours}`}
        placeholder={t('actions.api.replyPlaceholder', { status: field('status'), eta: field('eta') })}
        rows={2}
        maxLength={ACTION_LIMITS.replyChars}
        value={draft.reply}
        error={problems['does.reply']}
        disabled={disabled}
        onChange={(event) => onChange({ reply: event.target.value })}
      />
      <TextAreaField
        label={t('actions.api.fallback')}
        hint={t('actions.api.fallbackHint')}
        placeholder={t('actions.api.fallbackPlaceholder')}
        rows={2}
        maxLength={ACTION_LIMITS.replyChars}
        value={draft.fallback}
        error={problems['does.fallback']}
        disabled={disabled}
        onChange={(event) => onChange({ fallback: event.target.value })}
      />
    </div>
  );
}

import type { Action, ActionBody } from '@sparks/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { ApiError } from '../../../lib/api-client';
import { bodyOf, draftOf, emptyDraft, type ActionDraft } from '../action-draft';
import { formProblems, serverProblems, type FieldProblems } from '../action-form-problems';
import { ActionApiFields } from './action-api-fields';
import { ActionInputsEditor } from './action-inputs-editor';
import { ActionKindPicker } from './action-kind-picker';
import { ActionLinkFields } from './action-link-fields';
import { ActionSendFields } from './action-send-fields';

interface ActionFormProps {
  /** The action to change; none adds one. */
  action: Action | null;
  saving: boolean;
  error: ApiError | null;
  onSave: (body: ActionBody) => void;
  onCancel: () => void;
}

const NO_PROBLEMS: { byField: FieldProblems; other: string[] } = { byField: {}, other: [] };

/**
 * An action, added or changed: what it is for, what it asks the visitor and what it does. Checked
 * as the contract checks it once the owner has tried to save, then again at each change, so a
 * problem goes away as soon as it is fixed; the server's refusals (a template it cannot fill) follow.
 */
export function ActionForm({ action, saving, error, onSave, onCancel }: ActionFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ActionDraft>(() => (action ? draftOf(action) : emptyDraft()));
  const [checked, setChecked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusProblem = useRef(false);
  useEffect(() => headingRef.current?.focus(), []);
  const problems = checked ? formProblems(bodyOf(draft), t) : NO_PROBLEMS;
  const refused = Object.keys(problems.byField).length > 0 || problems.other.length > 0;
  useEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problems]')?.focus();
  });
  const change = (patch: Partial<ActionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const body = bodyOf(draft);
    const found = formProblems(body, t);
    if (Object.keys(found.byField).length > 0 || found.other.length > 0) {
      focusProblem.current = true;
      return;
    }
    onSave(body);
  };
  const part = { draft, onChange: change, problems: problems.byField, disabled: saving };
  const field = (name: 'name' | 'purpose') => ({
    value: draft[name],
    error: problems.byField[name],
    disabled: saving,
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" data-testid="action-form">
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none [overflow-wrap:anywhere]">
        {action ? t('actions.form.editTitle', { name: action.name }) : t('actions.form.addTitle')}
      </h3>
      <TextField label={t('actions.form.name')} placeholder={t('actions.form.namePlaceholder')} maxLength={80} {...field('name')} />
      <TextField
        label={t('actions.form.purpose')}
        hint={t('actions.form.purposeHint')}
        placeholder={t('actions.form.purposePlaceholder')}
        maxLength={300}
        {...field('purpose')}
      />
      <TextAreaField
        label={t('actions.form.examples')}
        hint={t('actions.form.examplesHint')}
        placeholder={t('actions.form.examplesPlaceholder')}
        rows={3}
        value={draft.examples}
        error={problems.byField.examples}
        disabled={saving}
        onChange={(event) => change({ examples: event.target.value })}
      />
      <ActionInputsEditor {...part} />
      <ActionKindPicker kind={draft.kind} disabled={saving} onChange={(kind) => change({ kind })} />
      {draft.kind === 'api' && <ActionApiFields {...part} />}
      {draft.kind === 'link' && <ActionLinkFields {...part} />}
      {draft.kind === 'send' && <ActionSendFields {...part} />}
      <CheckboxField
        label={t('actions.form.enabled')}
        checked={draft.enabled}
        disabled={saving}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      {refused && (
        // Focused when saving was refused and no field is marked: the owner hears why.
        <div tabIndex={-1} data-problems className="focus:outline-none">
          <Alert tone="error">
            <p>{t('actions.form.checkFields')}</p>
            {problems.other.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {problems.other.map((problem) => (
                  <li key={problem} className="[overflow-wrap:anywhere]">
                    {problem}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
      {error && !refused && (
        <Alert tone="error">
          <p>{t('actions.form.refused')}</p>
          <ul className="mt-1 list-disc pl-5">
            {serverProblems(error.message).map((problem) => (
              <li key={problem} className="[overflow-wrap:anywhere]">
                {problem}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={saving} data-testid="action-save">
          {action ? t('actions.form.save') : t('actions.form.create')}
        </Button>
        <Button variant="ghost" disabled={saving} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {saving && <Spinner label={t('actions.form.saving')} className="size-4" />}
      </div>
    </form>
  );
}

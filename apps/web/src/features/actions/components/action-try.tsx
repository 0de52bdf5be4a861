import { ACTION_LIMITS, type Action, type ActionInputType } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useTryAction } from '../api/use-actions';
import { serverProblems } from '../action-form-problems';
import { ActionTryResult } from './action-try-result';

/** The browser's own field for each type: a phone's number pad, a date picker. */
const FIELD_TYPES: Record<Exclude<ActionInputType, 'choice'>, string> = { text: 'text', number: 'number', email: 'email', phone: 'tel', date: 'date' };

/** Runs an action with sample inputs, as a visitor's request would, and shows what went out, what came back and the reply. */
export function ActionTry({ sparkId, action }: { sparkId: string; action: Action }) {
  const { t } = useTranslation();
  const run = useTryAction(sparkId, action._id);
  const [values, setValues] = useState<Record<string, string>>({});
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An input left empty is not given at all: the server then says whether it was required.
    run.mutate(Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')));
  };
  const set = (key: string, value: string) => setValues((current) => ({ ...current, [key]: value }));
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-canvas p-3" data-testid="action-try">
      <h4 id={headingId} className="text-sm font-semibold text-ink [overflow-wrap:anywhere]">
        {t('actions.try.title', { name: action.name })}
      </h4>
      <form onSubmit={submit} noValidate className="space-y-3">
        {action.inputs.length === 0 ? (
          <p className="text-sm text-muted">{t('actions.try.noInputs')}</p>
        ) : (
          <p className="text-xs text-muted">{t('actions.try.hint')}</p>
        )}
        {action.inputs.map((input) => {
          const label = input.required ? input.label : t('actions.try.optional', { label: input.label });
          const hint = [input.description, input.sensitive ? t('actions.try.sensitive') : ''].filter(Boolean).join(' ');
          if (input.type === 'choice')
            return (
              <SelectField key={input.key} label={label} value={values[input.key] ?? ''} onChange={(event) => set(input.key, event.target.value)}>
                <option value="">{t('actions.try.choose')}</option>
                {input.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </SelectField>
            );
          return (
            <TextField
              key={input.key}
              label={label}
              hint={hint || undefined}
              name={input.key}
              type={FIELD_TYPES[input.type]}
              inputMode={input.type === 'number' ? 'decimal' : undefined}
              step={input.type === 'number' ? 'any' : undefined}
              autoComplete="off"
              maxLength={ACTION_LIMITS.inputChars}
              value={values[input.key] ?? ''}
              onChange={(event) => set(input.key, event.target.value)}
            />
          );
        })}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={run.isPending} data-testid="action-try-run">
            {t('actions.try.run')}
          </Button>
          {run.isPending && <Spinner label={t('actions.try.running')} className="size-4" />}
        </div>
      </form>
      {run.isError && (
        <Alert tone="error">
          <ul className="space-y-1">
            {serverProblems(run.error.message).map((problem) => (
              <li key={problem} className="[overflow-wrap:anywhere]">
                {problem}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {run.data && <ActionTryResult trial={run.data} />}
    </section>
  );
}

import type { ActionOffer, OfferedInput } from '@sparks/contract';
import { offeredValueProblem } from '@sparks/contract/offered-value-problem';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';

/** Runs the offered action with the values given; rejects with the server's refusal. */
export type RunOfferedAction = (offer: ActionOffer, inputs: Record<string, string>, confirmed: boolean) => Promise<void>;

const INPUT_TYPES: Record<Exclude<OfferedInput['type'], 'choice'>, { type: string; inputMode?: 'decimal'; autoComplete?: string }> = {
  text: { type: 'text' },
  number: { type: 'text', inputMode: 'decimal' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  date: { type: 'date' },
};

/** What the server's refusal means to the one filling the form, in their language. */
function refusalKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'chat.actionOffer.failed';
  if (error.code === 'CONFIRMATION_REQUIRED') return 'chat.actionOffer.confirmFirst';
  if (error.status === 409) return 'chat.actionOffer.stale';
  if (error.status === 400) return 'chat.actionOffer.invalid';
  if (error.status === 402) return 'chat.actionOffer.planLimit';
  if (error.status === 429) return 'chat.actionOffer.tooMany';
  return 'chat.actionOffer.failed';
}

/**
 * The form of an action the latest answer offered (docs/decisions/0042), as a visitor sees it in
 * the widget: one typed field per input, filled with what the question said, checked before it is
 * sent; an action that changes something shows what will be sent and waits for a confirmation.
 */
export function ActionOfferForm({ offer, onRun, disabled }: { offer: ActionOffer; onRun: RunOfferedAction; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...offer.values }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const problemText = (input: OfferedInput, kind: ReturnType<typeof offeredValueProblem>) =>
    kind === null || kind === 'text' ? '' : t(`chat.actionOffer.problems.${kind}`, { label: input.label });

  const given = () => Object.fromEntries(offer.inputs.flatMap((input) => (values[input.key]?.trim() ? [[input.key, values[input.key]!.trim()]] : [])));

  const run = async (confirmed: boolean) => {
    setBusy(true);
    setRefusal('');
    try {
      await onRun(offer, given(), confirmed);
    } catch (error) {
      setRefusal(t(refusalKey(error)));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(offer.inputs.map((input) => [input.key, problemText(input, offeredValueProblem(input, values[input.key] ?? ''))]));
    setProblems(found);
    const firstWrong = offer.inputs.findIndex((input) => found[input.key]);
    if (firstWrong >= 0) return formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${firstWrong}`)}`)?.focus();
    if (offer.confirm) setReviewing(true);
    else void run(false);
  };

  const label = (input: OfferedInput) => (input.required ? input.label : `${input.label} ${t('chat.actionOffer.optional')}`);
  const shown = given();

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={t('chat.actionOffer.form', { name: offer.name })}
      className="space-y-3"
      data-testid="action-offer"
    >
      {offer.inputs.map((input, index) => {
        const fieldId = `${id}-${index}`;
        const common = {
          id: fieldId,
          value: values[input.key] ?? '',
          required: input.required,
          disabled: reviewing || busy,
        };
        const onChange = (value: string) => setValues((current) => ({ ...current, [input.key]: value }));
        if (input.type === 'choice') {
          const problem = problems[input.key];
          return (
            <div key={input.key} className="space-y-1.5">
              <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
                {label(input)}
              </label>
              <select
                {...common}
                onChange={(event) => onChange(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={[problem ? `${fieldId}-error` : '', input.description ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') || undefined}
                className="block min-h-11 w-full rounded-lg border border-line bg-white px-3 text-base text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
              >
                <option value="">{t('chat.actionOffer.choose')}</option>
                {input.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
              {input.description && (
                <p id={`${fieldId}-hint`} className="text-xs text-muted">
                  {input.description}
                </p>
              )}
              {problem && (
                <p id={`${fieldId}-error`} className="text-sm text-red-700">
                  {problem}
                </p>
              )}
            </div>
          );
        }
        return (
          <TextField
            key={input.key}
            {...common}
            {...INPUT_TYPES[input.type]}
            maxLength={500}
            label={label(input)}
            hint={input.description || undefined}
            error={problems[input.key] || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      })}
      {reviewing && (
        <div className="space-y-2 rounded-lg border border-line bg-primary-soft/40 px-3 py-2" data-testid="action-offer-review">
          <p className="text-sm font-medium text-ink">{t('chat.actionOffer.confirmTitle', { name: offer.name })}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {offer.inputs.flatMap((input) =>
              shown[input.key] === undefined
                ? []
                : [
                    <dt key={`${input.key}-label`} className="text-muted">
                      {input.label}
                    </dt>,
                    <dd key={`${input.key}-value`} className="break-words text-ink">
                      {shown[input.key]}
                    </dd>,
                  ],
            )}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run(true)} disabled={busy || disabled} autoFocus>
              {busy ? t('chat.actionOffer.sending') : t('chat.actionOffer.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setReviewing(false)} disabled={busy}>
              {t('chat.actionOffer.change')}
            </Button>
          </div>
        </div>
      )}
      <p role="status" className="text-sm text-red-700 empty:hidden">
        {refusal}
      </p>
      {!reviewing && (
        <Button type="submit" disabled={busy || disabled}>
          {busy ? t('chat.actionOffer.sending') : offer.confirm ? t('chat.actionOffer.review') : t('chat.actionOffer.send')}
        </Button>
      )}
    </form>
  );
}

import type { ActionOffer, OfferedInput } from '@sparks/contract';
import { offeredValueProblem } from '@sparks/contract/offered-value-problem';
import { element } from './widget-element';
import type { FrameTexts } from './widget-texts';

/** Runs the action with the visitor's values; answers null when it ran (the frame shows the reply), else the words to show. */
export type RunAction = (actionId: string, values: Record<string, string>, confirmed: boolean) => Promise<string | null>;

type Field = HTMLInputElement | HTMLSelectElement;

function fieldFor(input: OfferedInput, value: string, texts: FrameTexts): Field {
  if (input.type === 'choice') {
    const select = element('select');
    select.append(new Option(texts.action.choose, ''), ...input.choices.map((choice) => new Option(choice, choice)));
    select.value = value;
    return select;
  }
  const field = element('input');
  field.type = { text: 'text', number: 'text', email: 'email', phone: 'tel', date: 'date' }[input.type];
  if (input.type === 'number') field.inputMode = 'decimal';
  if (input.type === 'email') field.autocomplete = 'email';
  if (input.type === 'phone') field.autocomplete = 'tel';
  field.maxLength = 500;
  field.value = value;
  return field;
}

/**
 * The form for an action the visitor asked for (docs/decisions/0042): one typed field per input,
 * filled with what their message said, checked in their language; an action that changes
 * something (a booking, details sent) shows what will be sent and waits for their confirmation.
 */
export function actionForm(texts: FrameTexts, offer: ActionOffer, run: RunAction): HTMLElement {
  const form = element('form', 'action-form');
  form.noValidate = true;
  form.setAttribute('aria-label', texts.action.form(offer.name));
  const id = `action-${offer.actionId.slice(0, 8)}-${Math.random().toString(36).slice(2, 8)}`;
  const fields = offer.inputs.map((input, index) => {
    const label = element('label');
    const name = element('span', undefined, input.required ? input.label : `${input.label} ${texts.action.optional}`);
    const field = fieldFor(input, offer.values[input.key] ?? '', texts);
    field.id = `${id}-${index}`;
    field.required = input.required;
    const problem = element('span', 'field-problem');
    problem.id = `${field.id}-problem`;
    const described = [problem.id];
    label.append(name, field);
    if (input.description) {
      const hint = element('span', 'hint', input.description);
      hint.id = `${field.id}-hint`;
      described.unshift(hint.id);
      label.append(hint);
    }
    field.setAttribute('aria-describedby', described.join(' '));
    label.append(problem);
    form.append(label);
    return { input, field, problem };
  });
  const review = element('div', 'action-review');
  review.hidden = true;
  const status = element('p', 'contact-status');
  status.setAttribute('role', 'status');
  const submit = element('button', 'small primary', offer.confirm ? texts.action.review : texts.action.send);
  submit.type = 'submit';
  form.append(review, status, submit);

  /** The values, or null with each wrong field marked and the first focused. */
  const read = (): Record<string, string> | null => {
    const values: Record<string, string> = {};
    let firstWrong: Field | null = null;
    for (const { input, field, problem } of fields) {
      const value = field.value.trim();
      const kind = offeredValueProblem(input, value);
      const wrong = kind === null || kind === 'text' ? '' : texts.action[kind](input.label);
      problem.textContent = wrong;
      field.setAttribute('aria-invalid', String(wrong !== ''));
      if (wrong) firstWrong ??= field;
      else if (value) values[input.key] = value;
    }
    firstWrong?.focus();
    return firstWrong ? null : values;
  };

  const send = async (values: Record<string, string>, confirmed: boolean) => {
    submit.disabled = true;
    status.textContent = texts.action.sending;
    const refusal = await run(offer.actionId, values, confirmed);
    submit.disabled = false;
    status.textContent = refusal ?? '';
    if (!refusal) form.remove();
  };

  const confirmStep = (values: Record<string, string>) => {
    const list = element('dl');
    for (const { input } of fields)
      if (values[input.key] !== undefined) list.append(element('dt', undefined, input.label), element('dd', undefined, values[input.key]));
    const title = element('p', 'action-review-title', texts.action.confirmTitle(offer.name));
    const buttons = element('div', 'action-buttons');
    const confirm = element('button', 'small primary', texts.action.confirm);
    confirm.type = 'button';
    const change = element('button', 'small', texts.action.change);
    change.type = 'button';
    buttons.append(confirm, change);
    review.replaceChildren(title, list, buttons);
    review.hidden = false;
    submit.hidden = true;
    for (const { field } of fields) field.disabled = true;
    const back = () => {
      review.hidden = true;
      submit.hidden = false;
      for (const { field } of fields) field.disabled = false;
      fields[0]?.field.focus();
    };
    change.addEventListener('click', back);
    confirm.addEventListener('click', () => {
      confirm.disabled = true;
      void send(values, true).then(() => {
        confirm.disabled = false;
      });
    });
    confirm.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = read();
    if (!values) return;
    if (offer.confirm) confirmStep(values);
    else void send(values, false);
  });
  return form;
}

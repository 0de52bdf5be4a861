import type { ActionInput } from '@sparks/contract';
import { emailLayout } from '../../mail/email-layout.js';
import type { Email } from '../../mail/mailer.js';

/** The details a visitor gave, as lines the team reads: each input's label and value, in the action's order. */
export const detailLines = (inputs: readonly ActionInput[], values: Record<string, string>): string[] =>
  inputs.filter((input) => Object.hasOwn(values, input.key)).map((input) => `${input.label}: ${values[input.key]}`);

/** The e-mail "send the details" sends the team: the action's name and the visitor's details, escaped. */
export function detailsEmail(to: string, action: { name: string; inputs: readonly ActionInput[] }, values: Record<string, string>): Email {
  const lines = detailLines(action.inputs, values);
  const title = `${action.name}: new details from a visitor`;
  return { to, subject: title, text: `${title}\n\n${lines.join('\n')}\n`, html: emailLayout(title, lines) };
}

import { ACTION_LIMITS, type ActionInput } from '@sparks/contract';
import { offeredValueProblem } from '@sparks/contract/offered-value-problem';

/** The values given for an action's inputs, checked by type; answers the values to use, or what is wrong with each. */
export function checkValues(inputs: readonly ActionInput[], given: Record<string, string>): { values: Record<string, string> } | { problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const input of inputs) {
    const value = (given[input.key] ?? '').trim();
    if (!value) {
      if (input.required) problems.push(`${input.label}: required.`);
      continue;
    }
    // Control characters (a line break included) are never part of an order number or a name.
    if (value.length > ACTION_LIMITS.inputChars || /\p{Cc}/u.test(value)) problems.push(`${input.label}: not a value this action takes.`);
    else if (offeredValueProblem(input, value) !== null) problems.push(`${input.label}: must be a ${input.type}.`);
    else values[input.key] = input.type === 'number' ? value.replace(',', '.') : value;
  }
  return problems.length > 0 ? { problems } : { values };
}

/** The inputs as the runs' log keeps them: a sensitive one masked. */
export const maskedValues = (inputs: readonly ActionInput[], values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, inputs.find((input) => input.key === key)?.sensitive ? '••••' : value]));

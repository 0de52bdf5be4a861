import { actionBodySchema, type ActionBody } from '@sparks/contract';
import type { TFunction } from 'i18next';

/** Where each field's problem is said: a path of the body (rows by index, as `inputs.0.key`), and its words. */
export type FieldProblems = Record<string, string>;

/** The contract's paths, rows and list items as `*`, and the message that tells the owner what to give. */
const MESSAGES: Record<string, string> = {
  name: 'name',
  purpose: 'purpose',
  examples: 'examples',
  inputs: 'inputs',
  'inputs.*.key': 'inputKey',
  'inputs.*.label': 'inputLabel',
  'inputs.*.description': 'inputDescription',
  'inputs.*.choices': 'choices',
  'does.url': 'url',
  'does.headers': 'headers',
  'does.headers.*.name': 'headerName',
  'does.headers.*.value': 'headerValue',
  'does.body': 'body',
  'does.reply': 'reply',
  'does.fallback': 'fallback',
  'does.email': 'email',
  'does.webhook': 'webhook',
};

/** The field an issue belongs to: the longest known path that starts its path (an example's line goes to the examples). */
function fieldOf(path: readonly PropertyKey[]): { field: string; message: string } | null {
  for (let length = path.length; length > 0; length--) {
    const part = path.slice(0, length);
    const message = MESSAGES[part.map((segment) => (typeof segment === 'number' ? '*' : String(segment))).join('.')];
    if (message) return { field: part.map(String).join('.'), message };
  }
  return null;
}

/**
 * What the form can tell before sending, in the owner's words: the contract's own checks, and the
 * few the server makes that need nothing it alone holds (a JSON body, two inputs with one key, a
 * new secret without its value). What maps to no field is said as the contract words it.
 */
export function formProblems(body: ActionBody, t: TFunction): { byField: FieldProblems; other: string[] } {
  const byField: FieldProblems = {};
  const other: string[] = [];
  const say = (field: string, message: string) => {
    byField[field] ??= t(`actions.invalid.${message}`);
  };
  const parsed = actionBodySchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const known = fieldOf(issue.path);
      if (known) say(known.field, known.message);
      else other.push(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    }
  const seen = new Set<string>();
  body.inputs?.forEach((input, index) => {
    if (input.key && seen.has(input.key)) say(`inputs.${index}.key`, 'inputKeyTwice');
    seen.add(input.key);
  });
  const does = body.does;
  if (does.kind === 'api') {
    if (does.body) {
      try {
        JSON.parse(does.body);
      } catch {
        say('does.body', 'bodyJson');
      }
    }
    does.headers?.forEach((header, index) => {
      if (header.secret && header.value === '') say(`does.headers.${index}.value`, 'secretValue');
    });
  }
  return { byField, other };
}

/** The server's refusal, one line a problem: its messages arrive joined with ', ', each field's named as `body.…`. */
export const serverProblems = (message: string): string[] => message.split(/, (?=body\.)/);

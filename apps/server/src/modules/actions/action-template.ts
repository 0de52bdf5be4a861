import type { ActionInput } from '@sparks/contract';

/** `{{order}}`, `{{ order.status }}`: a name of letters, digits, _ and dots. Bounded, so a long template is read in linear time. */
const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]{0,39}(?:\.[A-Za-z0-9_]{1,40}){0,8})\s*\}\}/g;

export const placeholdersOf = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/** Why an address template cannot be used, or null: https (http only where loopback is allowed), its host fixed, inputs only in the path and query. */
export function urlTemplateProblem(template: string, keys: readonly string[], allowHttp: boolean): string | null {
  const origin = /^(https?):\/\/([^/?#]*)/i.exec(template);
  if (!origin) return 'The address must start with https://.';
  if (origin[1]!.toLowerCase() === 'http' && !allowHttp) return 'The address must start with https://: an API is called over a secure connection.';
  if (origin[2]!.includes('{') || origin[2]!.includes('@')) return 'The address’s host must be written out: an input may only go in its path or query.';
  if (template.includes('#')) return 'The address may not have a # part.';
  const unknown = placeholdersOf(template).filter((name) => !keys.includes(name));
  if (unknown.length > 0) return `The address names inputs the action does not have: ${unknown.join(', ')}.`;
  try {
    new URL(renderUrl(template, Object.fromEntries(keys.map((name) => [name, 'x']))));
  } catch {
    return 'The address is not a web address.';
  }
  return null;
}

/**
 * The address with the inputs in it, each encoded where it goes: in the path as one segment (its
 * slashes and dots encoded, so `1042/../../admin` stays one segment), in the query as a value. An
 * input can never change the host, the path's other segments or add a parameter.
 */
export function renderUrl(template: string, values: Record<string, string>): string {
  const queryAt = template.indexOf('?');
  const fill = (part: string, encode: (value: string) => string) => part.replace(PLACEHOLDER, (_all, name: string) => encode(valueOf(values, name) ?? ''));
  const segment = (value: string) => encodeURIComponent(value).replace(/\./g, '%2E');
  const path = fill(queryAt < 0 ? template : template.slice(0, queryAt), segment);
  const url = path + (queryAt < 0 ? '' : fill(template.slice(queryAt), encodeURIComponent));
  // "." and ".." are dot segments even encoded (%2E%2E): an input that is one would climb the path, so it is no value to send.
  if (new URL(url).pathname !== new URL(path).pathname || /\/(?:%2E){1,2}(?:\/|$)/i.test(path)) throw new UnsafeInput();
  return url;
}

/** An input that would change the address's shape if sent (a dot segment). */
export class UnsafeInput extends Error {
  constructor() {
    super('An input is not a value this action can send.');
    this.name = 'UnsafeInput';
  }
}

/** A value by its name, only of the values themselves (never `constructor` or another name every object has). */
const valueOf = (values: Record<string, string>, name: string): string | undefined => (Object.hasOwn(values, name) ? values[name] : undefined);

/** Why a JSON body template cannot be used, or null: valid JSON, with its {{inputs}} inside strings. */
export function bodyTemplateProblem(template: string, keys: readonly string[]): string | null {
  try {
    JSON.parse(template);
  } catch {
    return 'The body must be JSON, with each {{input}} inside quotes ("{{order}}").';
  }
  const unknown = placeholdersOf(template).filter((name) => !keys.includes(name));
  return unknown.length > 0 ? `The body names inputs the action does not have: ${unknown.join(', ')}.` : null;
}

/** The body with the inputs in it, as JSON values: a string that is one number input alone becomes that number. Nothing an input says can leave its string. */
export function renderBody(template: string, values: Record<string, string>, inputs: readonly ActionInput[]): string {
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = /^\{\{\s*([a-z][a-z0-9_]{0,39})\s*\}\}$/.exec(node)?.[1];
      const input = whole ? inputs.find((candidate) => candidate.key === whole) : undefined;
      const value = whole ? valueOf(values, whole) : undefined;
      if (input?.type === 'number' && value !== undefined && Number.isFinite(Number(value))) return Number(value);
      return node.replace(PLACEHOLDER, (_all, name: string) => valueOf(values, name) ?? '');
    }
    if (Array.isArray(node)) return node.map(fill);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, fill(value)]));
    return node;
  };
  return JSON.stringify(fill(JSON.parse(template)));
}

/** A field of the answer by its path (`order.status`, `items.0.name`), when it is a plain value. */
function fieldOf(answer: unknown, path: string): string | null {
  let node: unknown = answer;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? String(node) : null;
}

/** The reply with the answer's fields (and the inputs) in it; null when a field it names is missing, for the fallback. */
export function renderReply(template: string, answer: unknown, values: Record<string, string>): string | null {
  let complete = true;
  const text = template.replace(PLACEHOLDER, (_all, name: string) => {
    const value = fieldOf(answer, name) ?? valueOf(values, name) ?? null;
    if (value === null) complete = false;
    // What the API says is data: a field is shown as text, at most a paragraph of it.
    return (value ?? '').replace(/\s+/g, ' ').slice(0, 300);
  });
  return complete ? text : null;
}

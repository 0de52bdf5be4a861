import type { Action, ActionBody, ActionInputType, ActionMethod } from '@sparks/contract';

export type ActionKind = Action['does']['kind'];
export const ACTION_KINDS: readonly ActionKind[] = ['api', 'link', 'send'];

export interface InputDraft {
  /** Stable across edits of the key, so a row keeps its focus while it is renamed. */
  rowId: string;
  key: string;
  label: string;
  type: ActionInputType;
  required: boolean;
  sensitive: boolean;
  description: string;
  /** One choice a line, as typed. */
  choices: string;
}

export interface HeaderDraft {
  rowId: string;
  name: string;
  value: string;
  secret: boolean;
  /** The server holds this secret's value: left empty, the saved one is kept. */
  saved: boolean;
}

/**
 * The form's state. Each kind's fields are kept apart, so trying another kind and coming back loses
 * nothing; only the chosen kind's fields are sent.
 */
export interface ActionDraft {
  name: string;
  purpose: string;
  /** One example request a line. */
  examples: string;
  inputs: InputDraft[];
  enabled: boolean;
  kind: ActionKind;
  method: ActionMethod;
  url: string;
  headers: HeaderDraft[];
  body: string;
  reply: string;
  fallback: string;
  linkUrl: string;
  linkReply: string;
  email: string;
  webhook: string;
  sendReply: string;
  sendFallback: string;
  /** Requests for a person go through this action too. */
  handoff: boolean;
}

/** What each part of the form is given: the draft, a way to change some of it, and the problems by field path. */
export interface DraftPartProps {
  draft: ActionDraft;
  onChange: (patch: Partial<ActionDraft>) => void;
  problems: Readonly<Record<string, string>>;
  disabled: boolean;
}

/** A template's placeholder as the owner types it: `{{order}}`. */
export const braces = (name: string) => `{{${name}}}`;

let rows = 0;
export const newRowId = () => `row-${++rows}`;

export const emptyInput = (): InputDraft => ({
  rowId: newRowId(),
  key: '',
  label: '',
  type: 'text',
  required: true,
  sensitive: false,
  description: '',
  choices: '',
});

export const emptyHeader = (): HeaderDraft => ({ rowId: newRowId(), name: '', value: '', secret: false, saved: false });

export const emptyDraft = (): ActionDraft => ({
  name: '',
  purpose: '',
  examples: '',
  inputs: [],
  enabled: true,
  kind: 'api',
  method: 'GET',
  url: '',
  headers: [],
  body: '',
  reply: '',
  fallback: '',
  linkUrl: '',
  linkReply: '',
  email: '',
  webhook: '',
  sendReply: '',
  sendFallback: '',
  handoff: false,
});

/** A saved action as the form edits it; a secret header comes without its value, marked as saved. */
export function draftOf(action: Action): ActionDraft {
  const draft: ActionDraft = {
    ...emptyDraft(),
    name: action.name,
    purpose: action.purpose,
    examples: action.examples.join('\n'),
    inputs: action.inputs.map((input) => ({ ...input, rowId: newRowId(), choices: input.choices.join('\n') })),
    enabled: action.enabled,
    kind: action.does.kind,
  };
  const does = action.does;
  if (does.kind === 'api')
    return {
      ...draft,
      method: does.method,
      url: does.url,
      headers: does.headers.map((header) => ({
        rowId: newRowId(),
        name: header.name,
        // A secret is never put in a field, even if an answer carried it.
        value: header.secret ? '' : (header.value ?? ''),
        secret: header.secret,
        saved: header.secret,
      })),
      body: does.body ?? '',
      reply: does.reply,
      fallback: does.fallback,
    };
  if (does.kind === 'link') return { ...draft, linkUrl: does.url, linkReply: does.reply };
  return { ...draft, email: does.email ?? '', webhook: does.webhook ?? '', sendReply: does.reply, sendFallback: does.fallback, handoff: does.handoff };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * What the form sends: the chosen kind only, lists from their lines. A saved secret left empty goes
 * without `value`, which tells the server to keep it; a GET sends no body.
 */
export function bodyOf(draft: ActionDraft): ActionBody {
  const does: ActionBody['does'] =
    draft.kind === 'api'
      ? {
          kind: 'api',
          method: draft.method,
          url: draft.url.trim(),
          headers: draft.headers.map((header) =>
            header.secret && header.saved && header.value === ''
              ? { name: header.name.trim(), secret: true }
              : { name: header.name.trim(), value: header.value, secret: header.secret },
          ),
          body: draft.method === 'GET' ? null : orNull(draft.body),
          reply: draft.reply,
          fallback: draft.fallback,
        }
      : draft.kind === 'link'
        ? { kind: 'link', url: draft.linkUrl.trim(), reply: draft.linkReply }
        : {
            kind: 'send',
            email: orNull(draft.email),
            webhook: orNull(draft.webhook),
            reply: draft.sendReply,
            fallback: draft.sendFallback,
            handoff: draft.handoff,
          };
  return {
    name: draft.name,
    purpose: draft.purpose,
    examples: lines(draft.examples),
    inputs: draft.inputs.map((input) => ({
      key: input.key.trim(),
      label: input.label,
      type: input.type,
      required: input.required,
      sensitive: input.sensitive,
      description: input.description,
      choices: input.type === 'choice' ? lines(input.choices) : [],
    })),
    does,
    enabled: draft.enabled,
  };
}

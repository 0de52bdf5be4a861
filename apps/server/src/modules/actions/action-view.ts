import type { Action } from '@sparks/contract';
import type { ActionRow } from './actions-repository.js';

/** An action as the owner's API shows it. */
export const actionView = (row: ActionRow): Action => ({
  _id: row.id,
  name: row.name,
  purpose: row.purpose,
  examples: row.examples,
  inputs: row.inputs,
  // A secret header says only that it is set; an action saved before the hand-off option is not the hand-off's.
  does:
    row.does.kind === 'api'
      ? { ...row.does, headers: row.does.headers.map((header) => ({ ...header, value: header.secret ? null : header.value })) }
      : row.does.kind === 'send'
        ? { ...row.does, handoff: row.does.handoff ?? false }
        : row.does,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

import type { Action } from '@sparks/contract';
import type { ActionRow } from './actions-repository.js';

/** An action as the owner's API shows it: a secret header says only that it is set. */
export const actionView = (row: ActionRow): Action => ({
  _id: row.id,
  name: row.name,
  purpose: row.purpose,
  examples: row.examples,
  inputs: row.inputs,
  // A secret header says only that it is set.
  does:
    row.does.kind === 'api'
      ? { ...row.does, headers: row.does.headers.map((header) => ({ ...header, value: header.secret ? null : header.value })) }
      : row.does,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

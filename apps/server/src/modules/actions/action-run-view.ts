import type { ActionRun } from '@sparks/contract';
import type { ActionRunRow } from './actions-repository.js';

/** A run as the runs' log shows it. */
export const actionRunView = (row: ActionRunRow): ActionRun => ({
  _id: row.id,
  actionId: row.actionId,
  actionName: row.actionName,
  source: row.source,
  inputs: row.inputs,
  status: row.status,
  httpStatus: row.httpStatus,
  problem: row.problem,
  durationMs: row.durationMs,
  at: row.createdAt.toISOString(),
});

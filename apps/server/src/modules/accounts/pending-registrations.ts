import { DAY_MS } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { UsersRepository } from './users-repository.js';

/** A registration nobody verified within this many days is removed, and its address is free again. */
export const PENDING_REGISTRATION_DAYS = 7;
/** Deleted per statement, so a large backlog never holds one long transaction. */
const BATCH = 500;

/**
 * Removes every registration still unverified `PENDING_REGISTRATION_DAYS` before `now`, with what
 * belongs only to it (its tenant, codes, sessions). Answers how many were removed.
 */
export async function removeExpiredRegistrations(db: Db, now: Date): Promise<number> {
  const users = new UsersRepository(db);
  const cutoff = new Date(now.getTime() - PENDING_REGISTRATION_DAYS * DAY_MS);
  let removed = 0;
  for (;;) {
    const ids = await users.deletePendingCreatedBefore(cutoff, BATCH);
    removed += ids.length;
    if (ids.length < BATCH) return removed;
  }
}

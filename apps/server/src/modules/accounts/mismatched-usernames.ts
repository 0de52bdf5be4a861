import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { UsersRepository } from './users-repository.js';

/** Enough ids for an operator to start from, without one log line growing without bound. */
const IDS_LOGGED = 100;

/**
 * Start-up report of accounts whose login name is an e-mail address other than their own, made
 * before registration required the two to be equal: one of them may hold someone else's address.
 * Nothing is changed: the accounts keep working and their owners keep signing in as before; an
 * operator decides what to do from the ids in the log. Ids only, since addresses are personal data.
 */
export async function reportMismatchedUsernames(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const ids = await new UsersRepository(db).withForeignUsername();
  if (ids.length > 0) {
    log.warn(
      { count: ids.length, userIds: ids.slice(0, IDS_LOGGED) },
      `${ids.length} account(s) log in with an e-mail address other than their verified one; they keep working, check them by id`,
    );
  }
  return ids;
}

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { GOOD_PASSWORD, freshEmail, post, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { hashPassword } from './passwords.js';
import { reportMismatchedUsernames } from './mismatched-usernames.js';

/** An account as registration allowed it before the rule: logging in as one address, verified as another. */
async function insertSquatted(db: Db, password?: string): Promise<{ id: string; username: string; email: string }> {
  const username = freshEmail('victim');
  const email = freshEmail('squatter');
  const [row] = await db
    .insert(users)
    .values({ username, email, verifiedAt: new Date(), passwordHash: password ? await hashPassword(password) : null })
    .returning({ id: users.id });
  return { id: row!.id, username, email };
}

const recordingLog = () => {
  const warn = vi.fn();
  return { log: { warn } as unknown as FastifyBaseLogger, warn };
};

describe.each(testDatabaseTargets())('the start-up check of login names on $name', (target) => {
  it('reports by id, without addresses, the accounts whose login name is another address, and changes nothing', async () => {
    const database = await target.create();
    const harness = await startTestApp(database.databaseUrl);
    try {
      const db = harness.app.database.db;
      const squatted = await insertSquatted(db, GOOD_PASSWORD);
      await verifiedAccount(harness.app);
      const { log, warn } = recordingLog();

      expect(await reportMismatchedUsernames(db, log)).toEqual([squatted.id]);

      expect(warn).toHaveBeenCalledTimes(1);
      const [fields, message] = warn.mock.calls[0] as [Record<string, unknown>, string];
      expect(fields).toEqual({ count: 1, userIds: [squatted.id] });
      expect(JSON.stringify([fields, message])).not.toMatch(/@/);
      // The account keeps working as it did.
      expect(tokensOf(await post(harness.app, '/auth/login', { username: squatted.username, password: GOOD_PASSWORD })).access_token).toBeTruthy();
    } finally {
      await harness.stop();
      await database.drop();
    }
  });

  it('says nothing when every login name is the account’s own address (or not an address)', async () => {
    const database = await target.create();
    const harness = await startTestApp(database.databaseUrl);
    try {
      const db = harness.app.database.db;
      await verifiedAccount(harness.app);
      await db.insert(users).values({ username: 'legacy-name', email: freshEmail('legacy') });
      const { log, warn } = recordingLog();
      expect(await reportMismatchedUsernames(db, log)).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await harness.stop();
      await database.drop();
    }
  });

  it('runs when the server starts', async () => {
    const database = await target.create();
    let squatted: { id: string } | undefined;
    let warn: ReturnType<typeof vi.spyOn> | undefined;
    const harness = await startTestApp(database.databaseUrl, {}, (app) => {
      warn = vi.spyOn(app.log, 'warn');
      // Root hooks run before the modules' own, so the row is there when the accounts module looks.
      app.addHook('onReady', async () => {
        squatted = await insertSquatted(app.database.db);
      });
    });
    try {
      expect(warn).toHaveBeenCalledWith({ count: 1, userIds: [squatted!.id] }, expect.stringContaining('1 account(s)'));
    } finally {
      await harness.stop();
      await database.drop();
    }
  });
});

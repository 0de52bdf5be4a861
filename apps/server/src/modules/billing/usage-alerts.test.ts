import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { outboxEmails, usageCounters } from '../../db/schema.js';
import { USAGE_ALERTS_JOB } from './usage-alerts-job.js';
import type { Language } from '@sparks/contract';

const period = () => new Date().toISOString().slice(0, 7);

describe.each(testDatabaseTargets())("e-mails at 80 % and 100 % of the month's interactions on $name", (target) => {
  const app = appOnTarget(target);

  async function owner(language: Language = 'en') {
    const { tokens, email } = await verifiedAccount(app(), undefined, language);
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const profile = await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${tokens.access_token}` } });
    const tenantId = (profile.json().data as { tenants: Array<{ _id: string }> }).tenants[0]!._id;
    /** A month nearly spent: the counter as earlier messages left it. */
    const used = (interactions: number) =>
      app()
        .database.db.insert(usageCounters)
        .values({ tenantId, period: period(), interactions })
        .onConflictDoUpdate({ target: [usageCounters.tenantId, usageCounters.period], set: { interactions } });
    const message = async (status = 200) => expect((await chat.builder(spark._id, 'hello')).statusCode).toBe(status);
    const alerts = () =>
      app()
        .database.db.select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, email), like(outboxEmails.text, '%/billing%')))
        .orderBy(desc(outboxEmails.createdAt));
    return { used, message, alerts };
  }

  const pass = async (instance: FastifyInstance) => {
    await instance.jobs.sweep(USAGE_ALERTS_JOB);
    await instance.jobs.idle(USAGE_ALERTS_JOB);
  };

  it('sends one e-mail when a message crosses 80 %, once a month, and another at 100 %', async () => {
    const account = await owner();
    await account.used(478);
    await account.message();
    await pass(app());
    expect(await account.alerts()).toEqual([]);

    await account.message();
    await pass(app());
    const [warning] = await account.alerts();
    expect(warning?.subject).toBe("Your Sparks have used 80 % of this month's interactions");
    expect(warning?.text).toContain('Your Sparks have answered 480 of the 600 interactions');
    expect(warning?.text).toMatch(/\/billing$/m);

    // Further messages and passes in the same month send nothing more until the month is spent.
    await account.message();
    await pass(app());
    await pass(app());
    expect(await account.alerts()).toHaveLength(1);

    await account.used(599);
    await account.message();
    await pass(app());
    const mails = await account.alerts();
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe("Your Sparks have used this month's interactions");
    // The month is spent: the next message is refused, and no third e-mail follows.
    await account.message(402);
    await pass(app());
    expect(await account.alerts()).toHaveLength(2);
  });

  it("writes in the owner's language and leaves other tenants alone", async () => {
    const spanish = await owner('es');
    const quiet = await owner();
    await spanish.used(599);
    await spanish.message();
    await quiet.used(10);
    await quiet.message();
    await pass(app());
    const [mail] = await spanish.alerts();
    expect(mail?.subject).toBe('Tus Sparks han usado las interacciones de este mes');
    expect(await quiet.alerts()).toEqual([]);
  });
});

import type { Deployment } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark } from '#test/widget-helpers.js';
import { conversations } from '../../db/schema.js';
import { widgetHousekeepingJob } from './widget-housekeeping-job.js';

describe.each(testDatabaseTargets())("how long a Spark keeps its visitors' conversations on $name", (target) => {
  const app = appOnTarget(target);

  async function liveSpark() {
    const { token, chat, spark, widget, ask } = await liveWidgetSpark(app());
    const setRetention = (visitorRetentionDays: unknown) =>
      app().inject({
        method: 'PATCH',
        url: `/api/v1/sparks/${spark._id}/deploy`,
        headers: { authorization: `Bearer ${token}` },
        payload: { visitorRetentionDays },
      });
    const visit = async () => {
      const response = await ask('How many days do I have to return a bicycle?');
      expect(response.statusCode, response.payload).toBe(200);
    };
    const visitorConversations = async () =>
      (await app().database.db.select().from(conversations).where(eq(conversations.sparkId, spark._id))).filter((row) => row.kind === 'widget');
    return { spark, chat, widget, setRetention, visit, visitorConversations };
  }

  /** Ages a Spark's visitor conversations as if their last message were `days` ago. */
  const age = (sparkId: string, days: number) =>
    app()
      .database.db.update(conversations)
      .set({ updatedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(conversations.sparkId, sparkId));

  const housekeeping = () =>
    widgetHousekeepingJob(app().services.deployments, async () => undefined).handle(
      {},
      { signal: new AbortController().signal, attempt: 1, lastAttempt: true },
    );

  it('keeps them until deleted by default, and deletes only those older than the days the owner chose', async () => {
    const kept = await liveSpark();
    expect((await kept.widget.deployment(kept.spark._id)).visitorRetentionDays).toBeNull();
    await kept.visit();
    await age(kept.spark._id, 400);

    const owner = await liveSpark();
    const set = await owner.setRetention(30);
    expect(set.statusCode, set.payload).toBe(200);
    expect(set.json().data as Deployment).toMatchObject({ visitorRetentionDays: 30, allowedOrigins: [SHOP] });
    await owner.visit();
    await age(owner.spark._id, 31);
    await owner.visit();
    // The owner's own test chats are never a visitor's.
    const test = await owner.chat.newTest(owner.spark._id);
    await owner.chat.test(owner.spark._id, test._id, 'How many days?');

    expect(await owner.visitorConversations()).toHaveLength(2);
    await housekeeping();
    expect(await owner.visitorConversations()).toHaveLength(1);
    expect(await kept.visitorConversations()).toHaveLength(1);
    const remaining = await app().database.db.select().from(conversations).where(eq(conversations.sparkId, owner.spark._id));
    expect(remaining.filter((row) => row.kind === 'test')).toHaveLength(1);

    // Back to "until deleted": nothing more goes.
    expect(((await owner.setRetention(null)).json().data as Deployment).visitorRetentionDays).toBeNull();
    await age(owner.spark._id, 1000);
    await housekeeping();
    expect(await owner.visitorConversations()).toHaveLength(1);
  });

  it('takes only the offered periods, and another tenant’s Spark is not found', async () => {
    const owner = await liveSpark();
    for (const wrong of [45, 0, -30, '30', 3650, true]) {
      const response = await owner.setRetention(wrong);
      expect(response.statusCode, String(wrong)).toBe(400);
    }
    expect((await owner.widget.deployment(owner.spark._id)).visitorRetentionDays).toBeNull();
    const stranger = await verifiedAccount(app());
    const foreign = await app().inject({
      method: 'PATCH',
      url: `/api/v1/sparks/${owner.spark._id}/deploy`,
      headers: { authorization: `Bearer ${stranger.tokens.access_token}` },
      payload: { visitorRetentionDays: 30 },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await owner.widget.deployment(owner.spark._id)).visitorRetentionDays).toBeNull();
  });
});

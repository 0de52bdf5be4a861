import type { Deployment } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { widgetClient } from '#test/widget-helpers.js';
import { widgetRefusals } from '../../db/schema.js';

const SHOP = 'https://shop.example';

describe.each(testDatabaseTargets())('websites where the widget was refused, on $name', (target) => {
  const app = appOnTarget(target);

  async function liveSpark() {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    await widget.allow(spark._id, [SHOP]);
    const { deployToken } = await widget.deployment(spark._id);
    return { spark, widget, deployToken };
  }

  it('are shown to the owner with the reason and how often, and leave the list once the website is allowed', async () => {
    const { spark, widget, deployToken } = await liveSpark();
    expect((await widget.deployment(spark._id)).refusals).toEqual([]);
    // The same shop on http (the owner typed the host, the site still runs on http), twice; and a frame from another site.
    expect((await widget.look(deployToken, 'http://shop.example')).statusCode).toBe(403);
    expect((await widget.look(deployToken, 'http://shop.example')).statusCode).toBe(403);
    expect((await widget.frame(deployToken, 'https://blog.example/post')).statusCode).toBe(403);
    const refusals = (await widget.deployment(spark._id)).refusals;
    expect(refusals.map(({ origin, reason, times }) => ({ origin, reason, times }))).toEqual(
      expect.arrayContaining([
        { origin: 'http://shop.example', reason: 'not-listed', times: 2 },
        { origin: 'https://blog.example', reason: 'not-listed', times: 1 },
      ]),
    );
    const allowed = (await widget.allow(spark._id, [SHOP, 'http://shop.example'])).json().data as Deployment;
    expect(allowed.refusals.map((refusal) => refusal.origin)).toEqual(['https://blog.example']);
    expect((await widget.look(deployToken, 'http://shop.example')).statusCode).toBe(200);
  });

  it('remember only real website origins, a bounded number of them, and never another owner’s', async () => {
    const { spark, widget, deployToken } = await liveSpark();
    for (const bogus of ['null', 'https://shop.example/path', 'javascript:alert(1)', `https://${'a'.repeat(250)}.example`]) {
      expect((await widget.look(deployToken, bogus)).statusCode).toBe(403);
    }
    expect((await widget.deployment(spark._id)).refusals).toEqual([]);
    for (let site = 0; site < 30; site += 1) await widget.look(deployToken, `https://site${site}.example`);
    const stored = await app().database.db.select().from(widgetRefusals).where(eq(widgetRefusals.sparkId, spark._id));
    expect(stored).toHaveLength(20);
    expect((await widget.deployment(spark._id)).refusals).toHaveLength(5);

    // Another owner allowing the same website on their own Spark changes nothing here.
    const other = await liveSpark();
    expect((await other.widget.allow(spark._id, ['https://site1.example'])).statusCode).toBeGreaterThanOrEqual(400);
    expect((await widget.deployment(spark._id)).refusals.length).toBe(5);
  });
});

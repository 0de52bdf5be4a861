import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usageCounters } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { chatClient } from '#test/chat-helpers.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { widgetClient } from '#test/widget-helpers.js';

const SHOP = 'https://shop.example';

describe.each(testDatabaseTargets())('a visitor who leaves mid-answer, on $name', (target) => {
  const { app, fake } = appWithFakeModel(target);

  it('keeps the interaction spent (the model worked), while a failed answer gives it back', async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    await widget.allow(spark._id, [SHOP]);
    const { deployToken } = await widget.deployment(spark._id);
    const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${tokens.access_token}` } })).json()
      .data;
    const tenantId = profile.tenants[0]._id as string;
    const interactions = async () =>
      (
        await app()
          .database.db.select()
          .from(usageCounters)
          .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, new Date().toISOString().slice(0, 7))))
      )[0]?.interactions ?? 0;

    // A real connection, so the visitor can really go away.
    await app().listen({ port: 0, host: '127.0.0.1' });
    const { port } = app().server.address() as AddressInfo;
    fake().enqueue({ text: 'A long answer that keeps coming, word after word, for a good while yet.', chunkSize: 3, delayMs: 150 });
    const leaving = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/widget/${deployToken}/chat`, {
      method: 'POST',
      headers: { origin: SHOP, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Tell me everything' }),
      signal: leaving.signal,
    });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader.read()).value);
    leaving.abort();
    await expect.poll(interactions).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await interactions()).toBe(1);

    fake().enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const failed = await widget.ask(deployToken, 'And now?', { origin: SHOP });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await interactions()).toBe(1);
    // The client's keep-alive connection would hold the app's shutdown open.
    app().server.closeAllConnections();
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants, usageCounters } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { assistantClient, wordsOf } from '#test/assistant-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const period = () => new Date().toISOString().slice(0, 7);

describe.each(testDatabaseTargets())('plan limits on $name', (target) => {
  // Room for 50 messages at once: the per-minute turn limit is not what this suite measures.
  const app = appOnTarget(target, { CHAT_TURNS_PER_MINUTE: '1000' });
  const db = () => app().database.db;
  const tenantOf = async (token: string) =>
    (
      (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } })).json().data as {
        tenants: Array<{ _id: string }>;
      }
    ).tenants[0]!._id;
  const interactions = async (tenantId: string) =>
    (
      await db()
        .select()
        .from(usageCounters)
        .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period())))
    )[0]?.interactions ?? 0;

  it('stops at the plan’s Sparks, through the API and through the new-spark assistant', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    for (let i = 0; i < 5; i += 1) await chat.newSpark();
    const sixth = await app().inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toMatchObject({ code: 'LIMIT_REACHED', errors: ['Your plan allows 5 Sparks. Delete one or upgrade your plan to create another.'] });
    const assistant = assistantClient(app(), tokens.access_token);
    const start = await assistant.say('new-spark', '');
    const refused = await assistant.say('new-spark', 'One too many', start.sessionId);
    expect(wordsOf(refused)).toContain('Your plan allows 5 Sparks');
    expect(refused.sparkId).toBeNull();
  });

  it('counts builder and test messages; of 50 at once with one left, exactly one passes', async () => {
    const { tokens } = await verifiedAccount(app());
    const tenantId = await tenantOf(tokens.access_token);
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    expect((await chat.builder(spark._id, 'Hello')).statusCode).toBe(200);
    const test = await chat.newTest(spark._id);
    expect((await chat.test(spark._id, test._id, 'Hi there')).statusCode).toBe(200);
    expect(await interactions(tenantId)).toBe(2);
    // A refused message (a Spark that does not exist) costs nothing.
    expect((await chat.builder('00000000-0000-4000-8000-000000000000', 'Hello')).statusCode).toBe(404);
    expect(await interactions(tenantId)).toBe(2);

    await db()
      .update(usageCounters)
      .set({ interactions: 599 })
      .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period())));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => chat.test(spark._id, test._id, `Question ${index}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 402);
    expect(refused).toHaveLength(49);
    expect(refused[0]!.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await interactions(tenantId)).toBe(600);
  });

  it('does not count files that failed to read, and lists what it counts with the limit', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const allowance = async () => (await app().inject({ method: 'GET', url: '/api/v1/documents/allowance', headers })).json().data;
    // A damaged PDF is accepted (its bytes say PDF) and fails when read: it takes no place.
    const broken = await docs.uploadReady(spark._id, 'broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage'));
    expect(broken.document.status).toBe('failed');
    for (const name of ['a.md', 'b.md', 'c.md'])
      expect((await docs.uploadReady(spark._id, name, Buffer.from(`# ${name}\n\nSome text.\n`))).document.status).toBe('ready');
    expect(await allowance()).toMatchObject({ used: 3, limit: 3, documents: [{ name: 'a.md', sparkName: spark.name }, { name: 'b.md' }, { name: 'c.md' }] });
    const fourth = await docs.upload({ sparkId: spark._id }, { name: 'd.md', bytes: Buffer.from('# d\n\ntext\n') });
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    // Deleting one frees its place.
    const first = (await allowance()).documents[0] as { _id: string };
    expect((await docs.remove(spark._id, first._id)).statusCode).toBe(200);
    expect(await allowance()).toMatchObject({ used: 2, limit: 3 });
    expect((await docs.upload({ sparkId: spark._id }, { name: 'd.md', bytes: Buffer.from('# d\n\ntext\n') })).statusCode).toBe(201);
    // Another account sees only its own.
    const stranger = await verifiedAccount(app());
    const theirs = await app().inject({
      method: 'GET',
      url: '/api/v1/documents/allowance',
      headers: { authorization: `Bearer ${stranger.tokens.access_token}` },
    });
    expect(theirs.json().data).toEqual({ used: 0, limit: 3, documents: [] });
  });

  it('blocks paid actions once the trial has ended, but not billing', async () => {
    const { tokens } = await verifiedAccount(app());
    const tenantId = await tenantOf(tokens.access_token);
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    await db()
      .update(tenants)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, tenantId));
    const created = await app().inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(created.statusCode).toBe(402);
    expect(created.json().code).toBe('TRIAL_ENDED');
    expect((await chat.builder(spark._id, 'Hello')).json().code).toBe('TRIAL_ENDED');
    const upload = await documentsClient(app(), tokens.access_token).upload(
      { sparkId: spark._id },
      { name: 'notes.txt', bytes: Buffer.from('Opening hours: 9 to 5.') },
    );
    expect(upload.statusCode).toBe(402);
    expect(upload.json().code).toBe('TRIAL_ENDED');
    expect((await app().inject({ method: 'GET', url: '/api/v1/prices', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: '/api/v1/sparks', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(200);
  });

  it('decides every counted limit in one place: the trial first, then the limit, with one code', async () => {
    const { tokens } = await verifiedAccount(app());
    const tenantId = await tenantOf(tokens.access_token);
    const chat = chatClient(app(), tokens.access_token);
    const documents = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    for (const name of ['one.txt', 'two.txt', 'three.txt']) await documents.uploadReady(spark._id, name, Buffer.from(`The ${name} says hello.`));
    const fourth = await documents.upload({ sparkId: spark._id }, { name: 'four.txt', bytes: Buffer.from('One too many.') });
    expect(fourth.statusCode).toBe(402);
    // The same code as the Spark limit's, with the document limit's own words.
    expect(fourth.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      errors: ['Document limit reached! For the moment, you cannot upload more documents. Would you like to upgrade your plan?'],
    });

    // At the limit with the trial over, the trial is what the user is told.
    await db()
      .update(tenants)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, tenantId));
    const afterTrial = await documents.upload({ sparkId: spark._id }, { name: 'five.txt', bytes: Buffer.from('Still too many.') });
    expect(afterTrial.json()).toMatchObject({ status: 402, code: 'TRIAL_ENDED' });
  });

  it('blocks an inactive tenant everywhere but billing, its profile and logging out', async () => {
    const { tokens } = await verifiedAccount(app());
    const tenantId = await tenantOf(tokens.access_token);
    await db().update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, tenantId));
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const sparks = await app().inject({ method: 'GET', url: '/api/v1/sparks', headers });
    expect(sparks.statusCode).toBe(423);
    expect(sparks.json().code).toBe('TENANT_INACTIVE');
    expect((await app().inject({ method: 'GET', url: '/api/v1/objectives/profile-menu', headers })).statusCode).toBe(423);
    const profile = await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers });
    expect(profile.json().data.tenants[0].status).toBe('inactive');
    expect((await app().inject({ method: 'PATCH', url: '/api/v1/account/profile', headers, payload: { firstname: 'Ada' } })).statusCode).toBe(423);
    expect((await app().inject({ method: 'GET', url: '/api/v1/prices', headers })).statusCode).toBe(200);
  });
});

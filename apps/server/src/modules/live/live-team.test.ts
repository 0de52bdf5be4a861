import type { LiveConversation, LiveTranscript, User } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf } from '#test/accounts-helpers.js';
import { call, memberAs } from '#test/team-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { outboxEmails, tenants } from '../../db/schema.js';

describe.each(testDatabaseTargets())('a live conversation in a team on $name', (target) => {
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000' });
  /** A shop's Spark on the website, its owner on a plan with room for a team. */
  const teamShop = async () => {
    const shop = await liveWidgetSpark(app());
    const ownerId = (await app().accessTokens.verify(shop.token)).userId;
    await app().database.db.update(tenants).set({ planSlug: 'emerald' }).where(eq(tenants.ownerId, ownerId));
    return shop;
  };

  it('is held by one person at a time: teammates see who, cannot take it over or write in it until it is handed back', async () => {
    const shop = await teamShop();
    const first = await memberAs(app(), { token: shop.token }, 'agent');
    const second = await memberAs(app(), { token: shop.token }, 'agent');
    expect((await shop.ask('Can I return a bike?')).statusCode).toBe(200);
    const live = `/sparks/${shop.spark._id}/live`;
    const [conversation] = (await call(app(), first.token, 'GET', live)).json().data as LiveConversation[];
    const id = conversation!.id;

    expect((await call(app(), first.token, 'POST', `${live}/${id}/take-over`, {})).statusCode).toBe(200);
    const taken = await call(app(), second.token, 'POST', `${live}/${id}/take-over`, {});
    expect([taken.statusCode, errorOf(taken).errors]).toEqual([409, ['Someone else has taken this conversation over.']]);
    // Who holds it shows to the teammate.
    const seen = (await call(app(), second.token, 'GET', `${live}/${id}`)).json().data as LiveTranscript;
    expect(seen.conversation.takenOver).not.toBeNull();
    const written = await call(app(), second.token, 'POST', `${live}/${id}/messages`, { text: 'I am here too' });
    expect(written.statusCode).toBe(409);
    expect((await call(app(), first.token, 'POST', `${live}/${id}/messages`, { text: 'Yes, within 30 days.' })).statusCode).toBe(201);

    // Nor hand it back: the holder does, or an admin for a teammate who left it.
    expect((await call(app(), second.token, 'POST', `${live}/${id}/hand-back`)).statusCode).toBe(409);
    expect((await call(app(), first.token, 'POST', `${live}/${id}/hand-back`)).statusCode).toBe(200);
    expect((await call(app(), second.token, 'POST', `${live}/${id}/take-over`, {})).statusCode).toBe(200);
    const admin = await memberAs(app(), { token: shop.token }, 'admin');
    expect((await call(app(), admin.token, 'POST', `${live}/${id}/hand-back`)).statusCode).toBe(200);

    // The visitor's conversation read whole: by those who read conversations, not by an editor.
    const editor = await memberAs(app(), { token: shop.token }, 'editor');
    expect((await call(app(), first.token, 'GET', `/llm/chat-history/${id}`)).statusCode).toBe(200);
    expect((await call(app(), editor.token, 'GET', `/llm/chat-history/${id}`)).statusCode).toBe(403);
  });

  it('e-mails a visitor’s request to everyone who handles Live, except who turned it off, and never to a viewer', async () => {
    const shop = await teamShop();
    const agent = await memberAs(app(), { token: shop.token }, 'agent');
    const quiet = await memberAs(app(), { token: shop.token }, 'agent');
    const viewer = await memberAs(app(), { token: shop.token }, 'viewer');
    expect((await call(app(), quiet.token, 'PATCH', '/team/me', { handoffEmails: false })).json()).toEqual({ data: { handoffEmails: false } });
    const profile = (await call(app(), quiet.token, 'GET', '/account/profile')).json().data as User;
    expect(profile.tenants[0]).toMatchObject({ role: 'agent', handoffEmails: false });

    const question = `Can I pay in instalments? ${Date.now()}`;
    const contact = await app().inject({
      method: 'POST',
      url: `/api/v1/widget/${shop.deployToken}/contact`,
      headers: { origin: 'https://shop.example' },
      remoteAddress: '203.0.113.7',
      payload: { email: 'ana@visitor.example', question, consent: true },
    });
    expect(contact.statusCode, contact.payload).toBe(201);
    const told = await app()
      .database.db.select({ to: outboxEmails.to })
      .from(outboxEmails)
      .where(sql`${outboxEmails.text} like ${`%${question}%`}`);
    expect(told.map((mail) => mail.to).sort()).toEqual([shop.email, agent.email].sort());
    expect(told.map((mail) => mail.to)).not.toContain(quiet.email);
    expect(told.map((mail) => mail.to)).not.toContain(viewer.email);
  });
});

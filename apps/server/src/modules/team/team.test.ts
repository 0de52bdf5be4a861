import type { AssignableRole, Invitation, Member, Team, User } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorOf, freshEmail, latestMail, post, tokensOf, verifiedAccount, type Tokens } from '#test/accounts-helpers.js';
import { call, invitationTokenIn, invite, memberAs } from '#test/team-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { invitations, memberships, sparks, tenants } from '../../db/schema.js';

/** An owner on a plan with room for a team (the trial has two seats). */
async function ownerOfTeam(app: FastifyInstance) {
  const owner = await verifiedAccount(app);
  const profile = (await call(app, owner.tokens.access_token, 'GET', '/account/profile')).json() as { data: User };
  const tenantId = profile.data.tenants[0]!._id;
  await app.database.db.update(tenants).set({ planSlug: 'emerald' }).where(eq(tenants.id, tenantId));
  return { ...owner, tenantId, token: owner.tokens.access_token };
}

describe.each(testDatabaseTargets())('a team on $name', (target) => {
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000' });

  it('invites by e-mail in the invitee’s language; the invitee signs up, accepts and acts for the account with their role', async () => {
    const owner = await ownerOfTeam(app());
    const spark = await call(app(), owner.token, 'POST', '/sparks');
    const email = freshEmail('asistente');
    const invited = await invite(app(), owner.token, email, 'agent', 'es');
    expect(invited.statusCode, invited.payload).toBe(201);
    const mail = await latestMail(app(), email);
    expect(mail.subject).toMatch(/te ha invitado a su equipo de Sparks/);
    expect(mail.text).toContain('como Agente');
    const link = invitationTokenIn(mail.text);
    // The table keeps only the link's hash.
    const [row] = await app().database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row!.tokenHash).not.toContain(link);

    const preview = await app().inject({ method: 'GET', url: `/api/v1/invitations/${link}` });
    expect(preview.json()).toMatchObject({ data: { email, role: 'agent', account: owner.email, invitedBy: owner.email } });

    const person = await verifiedAccount(app(), email, 'es');
    const accepted = await call(app(), person.tokens.access_token, 'POST', `/invitations/${link}/accept`);
    expect(accepted.json()).toEqual({ data: { tenantId: owner.tenantId, role: 'agent' } });
    // The session now acts for the owner's account: its Sparks, and its role first in the profile.
    const sparks = (await call(app(), person.tokens.access_token, 'GET', '/sparks')).json() as { data: Array<{ _id: string }> };
    expect(sparks.data.map((item) => item._id)).toEqual([(spark.json() as { data: { _id: string } }).data._id]);
    const profile = (await call(app(), person.tokens.access_token, 'GET', '/account/profile')).json() as { data: User };
    expect(profile.data.tenants.map((tenant) => [tenant._id === owner.tenantId, tenant.role])).toEqual([
      [true, 'agent'],
      [false, 'owner'],
    ]);
    // …and can switch back to their own account, and over again.
    const own = profile.data.tenants[1]!._id;
    const switched = await call(app(), person.tokens.access_token, 'POST', '/account/switch', { tenantId: own });
    expect((switched.json() as { data: User }).data.tenants[0]).toMatchObject({ _id: own, role: 'owner' });
    expect(((await call(app(), person.tokens.access_token, 'GET', '/sparks')).json() as { data: unknown[] }).data).toEqual([]);
    expect((await call(app(), person.tokens.access_token, 'POST', '/account/switch', { tenantId: owner.tenantId })).statusCode).toBe(200);
    // An account that went inactive blocks its members, but not their way to another account of theirs.
    await app().database.db.update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, owner.tenantId));
    expect((await call(app(), person.tokens.access_token, 'GET', '/sparks')).statusCode).toBe(423);
    expect((await call(app(), person.tokens.access_token, 'POST', '/account/switch', { tenantId: own })).statusCode).toBe(200);
    await app().database.db.update(tenants).set({ status: 'active' }).where(eq(tenants.id, owner.tenantId));
    expect((await call(app(), person.tokens.access_token, 'POST', '/account/switch', { tenantId: owner.tenantId })).statusCode).toBe(200);

    const team = (await call(app(), owner.token, 'GET', '/team')).json() as { data: Team };
    expect(team.data.members.map((member) => [member.email, member.role, member.you])).toEqual([
      [owner.email, 'owner', true],
      [email, 'agent', false],
    ]);
    expect(team.data.invitations).toEqual([]);
    expect(team.data.seats).toEqual({ used: 2, limit: 10 });
  });

  it('lets each role do what the policy gives it and nothing else', async () => {
    const owner = await ownerOfTeam(app());
    const sparkId = ((await call(app(), owner.token, 'POST', '/sparks')).json() as { data: { _id: string } }).data._id;
    const admin = await memberAs(app(), owner, 'admin');
    const editor = await memberAs(app(), owner, 'editor');
    const agent = await memberAs(app(), owner, 'agent');
    const viewer = await memberAs(app(), owner, 'viewer');
    const status = async (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      (await call(app(), token, method, url, payload)).statusCode;
    const customer = `/billing/subscriptions/${(await app().database.db.select({ c: tenants.customerId }).from(tenants).where(eq(tenants.id, owner.tenantId)))[0]!.c}`;

    // Billing is the owner's alone.
    expect(await status(owner.token, 'GET', customer)).toBe(200);
    for (const member of [admin, editor, agent, viewer]) expect(await status(member.token, 'GET', customer)).toBe(403);
    // The team is managed by owners and admins.
    expect(await status(admin.token, 'GET', '/team')).toBe(200);
    for (const member of [editor, agent, viewer]) expect(await status(member.token, 'GET', '/team')).toBe(403);
    // Editors build; agents and viewers read.
    expect(await status(editor.token, 'PATCH', `/sparks/${sparkId}`, { name: 'Built' })).toBe(200);
    for (const member of [agent, viewer]) {
      expect(await status(member.token, 'GET', '/sparks')).toBe(200);
      expect(await status(member.token, 'PATCH', `/sparks/${sparkId}`, { name: 'Taken' })).toBe(403);
      expect(await status(member.token, 'DELETE', `/sparks/${sparkId}`)).toBe(403);
    }
    // Live and the gap inbox: agents handle them, viewers read them, editors do neither.
    expect(await status(agent.token, 'GET', `/sparks/${sparkId}/live`)).toBe(200);
    expect(await status(viewer.token, 'GET', `/sparks/${sparkId}/live`)).toBe(200);
    expect(await status(editor.token, 'GET', `/sparks/${sparkId}/live`)).toBe(403);
    expect(await status(agent.token, 'GET', `/sparks/${sparkId}/gaps`)).toBe(200);
    const gap = `/sparks/${sparkId}/gaps/00000000-0000-4000-8000-000000000000/resolve`;
    expect(await status(agent.token, 'POST', gap, {})).not.toBe(403);
    expect(await status(viewer.token, 'POST', gap, {})).toBe(403);
    // The guiding assistant: the profile is anyone's, creating a Spark the builders', the plan the owner's.
    const topic = async (token: string, name: string) => status(token, 'GET', `/spark-sys/${name}/chat?text=${encodeURIComponent('Hola')}`);
    expect(await topic(agent.token, 'profile')).toBe(200);
    expect(await topic(viewer.token, 'main_chat')).toBe(200);
    expect(await topic(agent.token, 'new-spark')).toBe(403);
    expect(await topic(editor.token, 'new-spark')).toBe(200);
    expect(await topic(editor.token, 'billing')).toBe(403);
    expect(await topic(admin.token, 'billing')).toBe(403);
    expect(await topic(owner.token, 'billing')).toBe(200);
    // A refusal says why, in a body like every other.
    const refused = await call(app(), agent.token, 'DELETE', `/sparks/${sparkId}`);
    expect(errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', errors: ['Your role in this account does not allow this.'] });
    const built = ((await call(app(), owner.token, 'GET', '/sparks')).json() as { data: Array<{ _id: string; name: string }> }).data;
    expect(built.find((spark) => spark._id === sparkId)?.name).toBe('Built');
  });

  it('refuses an agent changing their own role or inviting, and anyone touching the owner or themselves', async () => {
    const owner = await ownerOfTeam(app());
    const admin = await memberAs(app(), owner, 'admin');
    const agent = await memberAs(app(), owner, 'agent');
    const ownerId = (await app().accessTokens.verify(owner.token)).userId;
    expect((await call(app(), agent.token, 'PATCH', `/team/members/${agent.userId}`, { role: 'admin' })).statusCode).toBe(403);
    expect((await invite(app(), agent.token, freshEmail(), 'admin')).statusCode).toBe(403);
    // Nobody invites or appoints an owner: the role is not one an invitation or a change can give.
    expect((await invite(app(), owner.token, freshEmail(), 'owner' as AssignableRole)).statusCode).toBe(400);
    expect((await call(app(), admin.token, 'PATCH', `/team/members/${agent.userId}`, { role: 'owner' })).statusCode).toBe(400);
    // The owner stays: neither removed nor demoted, by an admin or by themselves.
    for (const actor of [admin.token, owner.token]) {
      expect(errorOf(await call(app(), actor, 'DELETE', `/team/members/${ownerId}`)).code).toBe('CONFLICT');
      expect(errorOf(await call(app(), actor, 'PATCH', `/team/members/${ownerId}`, { role: 'viewer' })).code).toBe('CONFLICT');
    }
    expect(errorOf(await call(app(), admin.token, 'PATCH', `/team/members/${admin.userId}`, { role: 'viewer' })).code).toBe('CONFLICT');
    const [held] = await app()
      .database.db.select({ role: memberships.role })
      .from(memberships)
      .where(sql`${memberships.tenantId} = ${owner.tenantId} and ${memberships.role} = 'owner'`);
    expect(held).toEqual({ role: 'owner' });
  });

  it('answers another account’s member and invitation ids as missing', async () => {
    const owner = await ownerOfTeam(app());
    const stranger = await ownerOfTeam(app());
    const member = await memberAs(app(), owner, 'viewer');
    const invitation = ((await invite(app(), owner.token, freshEmail(), 'editor')).json() as { data: Invitation }).data;
    expect((await call(app(), stranger.token, 'PATCH', `/team/members/${member.userId}`, { role: 'admin' })).statusCode).toBe(404);
    expect((await call(app(), stranger.token, 'DELETE', `/team/members/${member.userId}`)).statusCode).toBe(404);
    expect((await call(app(), stranger.token, 'POST', `/team/invitations/${invitation._id}/resend`)).statusCode).toBe(404);
    expect((await call(app(), stranger.token, 'DELETE', `/team/invitations/${invitation._id}`)).statusCode).toBe(404);
    expect((await call(app(), stranger.token, 'POST', '/account/switch', { tenantId: owner.tenantId })).statusCode).toBe(404);
    const team = (await call(app(), owner.token, 'GET', '/team')).json() as { data: Team };
    expect(team.data.members.find((row: Member) => row.userId === member.userId)?.role).toBe('viewer');
    expect(team.data.invitations.map((row) => row._id)).toEqual([invitation._id]);
  });

  it('lets an invitation link work once, for its address, until it expires or is withdrawn', async () => {
    const owner = await ownerOfTeam(app());
    const linkFor = async (email: string) => {
      await invite(app(), owner.token, email, 'editor');
      return invitationTokenIn((await latestMail(app(), email)).text);
    };
    const used = freshEmail();
    const usedLink = await linkFor(used);
    const user = await verifiedAccount(app(), used);
    expect((await call(app(), user.tokens.access_token, 'POST', `/invitations/${usedLink}/accept`)).statusCode).toBe(200);
    const twice = await call(app(), user.tokens.access_token, 'POST', `/invitations/${usedLink}/accept`);
    expect([twice.statusCode, errorOf(twice).errors]).toEqual([410, ['This invitation has already been used.']]);

    const other = await linkFor(freshEmail());
    const wrong = await verifiedAccount(app());
    const byAnother = await call(app(), wrong.tokens.access_token, 'POST', `/invitations/${other}/accept`);
    expect([byAnother.statusCode, errorOf(byAnother).code]).toEqual([403, 'FORBIDDEN']);

    const expiring = freshEmail();
    const expiredLink = await linkFor(expiring);
    await app()
      .database.db.update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, expiring));
    const late = await verifiedAccount(app(), expiring);
    expect(errorOf(await call(app(), late.tokens.access_token, 'POST', `/invitations/${expiredLink}/accept`)).errors).toEqual([
      'This invitation has expired. Ask for a new one.',
    ]);

    const withdrawn = freshEmail();
    const withdrawnLink = await linkFor(withdrawn);
    const [row] = await app().database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, withdrawn));
    expect((await call(app(), owner.token, 'DELETE', `/team/invitations/${row!.id}`)).statusCode).toBe(200);
    const invitee = await verifiedAccount(app(), withdrawn);
    expect((await call(app(), invitee.tokens.access_token, 'POST', `/invitations/${withdrawnLink}/accept`)).statusCode).toBe(410);

    // Resending gives a new link; the old one stops working.
    const resent = freshEmail();
    const first = await linkFor(resent);
    const [open] = await app().database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, resent));
    expect((await call(app(), owner.token, 'POST', `/team/invitations/${open!.id}/resend`)).statusCode).toBe(200);
    const second = invitationTokenIn((await latestMail(app(), resent)).text);
    expect(second).not.toBe(first);
    expect((await app().inject({ method: 'GET', url: `/api/v1/invitations/${first}` })).statusCode).toBe(410);
    expect((await app().inject({ method: 'GET', url: `/api/v1/invitations/${second}` })).statusCode).toBe(200);
    // A forged link is refused as a link, never as a crash.
    expect((await app().inject({ method: 'GET', url: '/api/v1/invitations/not-a-link' })).statusCode).toBe(400);
    expect((await app().inject({ method: 'GET', url: `/api/v1/invitations/${'A'.repeat(43)}` })).statusCode).toBe(410);
  });

  it('reads a changed role on the next request, and a removed member loses the account, refresh tokens included', async () => {
    const owner = await ownerOfTeam(app());
    const sparkId = ((await call(app(), owner.token, 'POST', '/sparks')).json() as { data: { _id: string } }).data._id;
    const agent = await memberAs(app(), owner, 'agent');
    expect((await call(app(), agent.token, 'GET', `/sparks/${sparkId}/live`)).statusCode).toBe(200);
    expect((await call(app(), owner.token, 'PATCH', `/team/members/${agent.userId}`, { role: 'editor' })).json()).toMatchObject({ data: { role: 'editor' } });
    expect((await call(app(), agent.token, 'GET', `/sparks/${sparkId}/live`)).statusCode).toBe(403);
    expect((await call(app(), agent.token, 'PATCH', `/sparks/${sparkId}`, { name: 'Now editing' })).statusCode).toBe(200);

    expect((await call(app(), owner.token, 'DELETE', `/team/members/${agent.userId}`)).statusCode).toBe(200);
    const after = await call(app(), agent.token, 'GET', '/sparks');
    expect([after.statusCode, errorOf(after).code]).toEqual([403, 'TOKEN_INVALID']);
    const refreshed = await post(app(), '/auth/refresh-token', { refresh_token: (agent.tokens as Tokens).refresh_token });
    expect(refreshed.statusCode).toBeGreaterThanOrEqual(400);
    expect(refreshed.statusCode).toBeLessThan(500);
    // Signed in again, the person acts for their own account only.
    const again = tokensOf(await post(app(), '/auth/login', { username: agent.email, password: 'Valid-Pass1' }));
    const profile = (await call(app(), again.access_token, 'GET', '/account/profile')).json() as { data: User };
    expect(profile.data.tenants.map((tenant) => tenant.role)).toEqual(['owner']);
    expect(((await call(app(), again.access_token, 'GET', '/sparks')).json() as { data: unknown[] }).data).toEqual([]);
  });

  it('counts seats against the plan and rate-limits invitations: never an open mail relay', async () => {
    const owner = await verifiedAccount(app());
    const token = owner.tokens.access_token;
    // The trial has two seats: the owner and one invitation.
    expect((await invite(app(), token, freshEmail(), 'viewer')).statusCode).toBe(201);
    const full = await invite(app(), token, freshEmail(), 'viewer');
    expect([full.statusCode, errorOf(full).code]).toEqual([402, 'LIMIT_REACHED']);
    expect(((await call(app(), token, 'GET', '/team')).json() as { data: Team }).data.seats).toEqual({ used: 2, limit: 2 });

    const big = await ownerOfTeam(app());
    const sent = [];
    for (let index = 0; index < 21; index += 1) sent.push((await invite(app(), big.token, freshEmail('flood'), 'viewer')).statusCode);
    expect(sent.slice(0, 9)).toEqual(Array(9).fill(201));
    // Ten seats: the tenth invitation finds them taken; past twenty in an hour, the account waits.
    expect(sent.slice(9, 20)).toEqual(Array(11).fill(402));
    expect(sent[20]).toBe(429);
  });

  it('gives the last seat to one of several invitations sent at the same moment', async () => {
    const owner = await verifiedAccount(app());
    const token = owner.tokens.access_token;
    // The trial has two seats; five invitations race for the one left.
    const raced = await Promise.all(Array.from({ length: 5 }, () => invite(app(), token, freshEmail('race'), 'viewer')));
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 402, 402, 402, 402]);
    expect(((await call(app(), token, 'GET', '/team')).json() as { data: Team }).data.seats).toEqual({ used: 2, limit: 2 });
  });

  it('passes ownership from the owner to a member, who then holds billing; the old owner stays on as an admin', async () => {
    const owner = await ownerOfTeam(app());
    const admin = await memberAs(app(), owner, 'admin');
    const ownerId = (await app().accessTokens.verify(owner.token)).userId;
    // Only the owner passes the account on, and only to one of its members.
    expect((await call(app(), admin.token, 'POST', '/team/transfer', { userId: admin.userId })).statusCode).toBe(403);
    expect((await call(app(), owner.token, 'POST', '/team/transfer', { userId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(errorOf(await call(app(), owner.token, 'POST', '/team/transfer', { userId: ownerId })).code).toBe('CONFLICT');

    const passed = await call(app(), owner.token, 'POST', '/team/transfer', { userId: admin.userId });
    expect(passed.statusCode, passed.payload).toBe(200);
    expect((passed.json() as { data: Team }).data.members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'admin'],
      [admin.email, 'owner'],
    ]);
    const [tenant] = await app().database.db.select({ ownerId: tenants.ownerId }).from(tenants).where(eq(tenants.id, owner.tenantId));
    expect(tenant!.ownerId).toBe(admin.userId);
    const customer = (await app().database.db.select({ c: tenants.customerId }).from(tenants).where(eq(tenants.id, owner.tenantId)))[0]!.c;
    expect((await call(app(), admin.token, 'GET', `/billing/subscriptions/${customer}`)).statusCode).toBe(200);
    expect((await call(app(), owner.token, 'GET', `/billing/subscriptions/${customer}`)).statusCode).toBe(403);
    // The new owner can now be neither removed nor demoted; the old one can.
    expect(errorOf(await call(app(), owner.token, 'DELETE', `/team/members/${admin.userId}`)).code).toBe('CONFLICT');
    expect((await call(app(), admin.token, 'PATCH', `/team/members/${ownerId}`, { role: 'viewer' })).statusCode).toBe(200);
  });

  it('deletes the account for its owner alone, with their address typed and no plan paid for, and ends its members’ sessions for it', async () => {
    const owner = await ownerOfTeam(app());
    const sparkId = ((await call(app(), owner.token, 'POST', '/sparks')).json() as { data: { _id: string } }).data._id;
    const admin = await memberAs(app(), owner, 'admin');
    const remove = (token: string, confirm: string) => call(app(), token, 'DELETE', '/team/account', { confirm });
    expect((await remove(admin.token, admin.email)).statusCode).toBe(403);
    expect(errorOf(await remove(owner.token, 'someone@else.example')).errors).toEqual(['Type your e-mail address to delete the account.']);
    await app().database.db.update(tenants).set({ subscriptionId: 'sub_paid' }).where(eq(tenants.id, owner.tenantId));
    expect(errorOf(await remove(owner.token, owner.email)).code).toBe('CONFLICT');
    await app().database.db.update(tenants).set({ subscriptionId: null }).where(eq(tenants.id, owner.tenantId));

    expect((await remove(owner.token, ` ${owner.email.toUpperCase()} `)).json()).toEqual({ data: { deleted: true } });
    expect(await app().database.db.select().from(tenants).where(eq(tenants.id, owner.tenantId))).toEqual([]);
    expect(await app().database.db.select().from(sparks).where(eq(sparks.id, sparkId))).toEqual([]);
    expect((await call(app(), owner.token, 'GET', '/sparks')).statusCode).toBe(403);
    // The owner had no other account: their address is free to sign up again.
    expect((await verifiedAccount(app(), owner.email)).tokens.access_token).toBeTruthy();
    // The admin's session acted for the account: it ended; signed in again, they act for their own.
    expect((await call(app(), admin.token, 'GET', '/sparks')).statusCode).toBe(403);
  });
});

import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, DAY_MS, type AuditPage, type User } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorOf, freshEmail, verifiedAccount } from '#test/accounts-helpers.js';
import { call, memberAs } from '#test/team-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { auditEvents, tenants } from '../../db/schema.js';

async function teamOwner(app: FastifyInstance, email = freshEmail('owner')) {
  const owner = await verifiedAccount(app, email);
  const token = owner.tokens.access_token;
  const tenantId = ((await call(app, token, 'GET', '/account/profile')).json() as { data: User }).data.tenants[0]!._id;
  await app.database.db.update(tenants).set({ planSlug: 'emerald' }).where(eq(tenants.id, tenantId));
  return { ...owner, token, tenantId, userId: (await app.accessTokens.verify(token)).userId };
}

const auditOf = async (app: FastifyInstance, token: string, query = '') => {
  const response = await call(app, token, 'GET', `/team/audit${query}`);
  expect(response.statusCode, response.payload).toBe(200);
  return (response.json() as { data: AuditPage }).data;
};

describe.each(testDatabaseTargets())('the audit log on $name', (target) => {
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000' });

  it('records who signed in, built, changed the team and stepped in, newest first, with the names of what changed and no secrets', async () => {
    const owner = await teamOwner(app());
    const sparkId = ((await call(app(), owner.token, 'POST', '/sparks')).json() as { data: { _id: string } }).data._id;
    await call(app(), owner.token, 'PATCH', `/sparks/${sparkId}`, { name: 'Bakery help' });
    const agent = await memberAs(app(), owner, 'agent');
    expect((await call(app(), owner.token, 'PATCH', `/team/members/${agent.userId}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await call(app(), owner.token, 'DELETE', `/team/members/${agent.userId}`)).statusCode).toBe(200);
    // A refused call leaves nothing: the agent was removed, and a viewer never renames.
    expect((await call(app(), agent.token, 'PATCH', `/sparks/${sparkId}`, { name: 'Not mine' })).statusCode).toBe(403);

    const { events } = await auditOf(app(), owner.token);
    expect(events.map((event) => [event.kind, event.actor.email])).toEqual([
      ['member.removed', owner.email],
      ['member.role-changed', owner.email],
      ['member.joined', agent.email],
      ['member.invited', owner.email],
      ['spark.changed', owner.email],
      ['spark.created', owner.email],
      ['signed-in', owner.email],
    ]);
    expect(events[0]!.detail).toEqual({ userId: agent.userId });
    expect(events[1]!.detail).toEqual({ userId: agent.userId, role: 'viewer' });
    expect(events[3]!.detail).toEqual({ email: agent.email, role: 'agent' });
    expect(events[4]!.detail).toEqual({ sparkId, name: 'Bakery help' });

    // By person and by kind.
    expect((await auditOf(app(), owner.token, `?person=${agent.userId}`)).events.map((event) => event.kind)).toEqual(['member.joined']);
    expect((await auditOf(app(), owner.token, '?kind=spark.changed')).events).toHaveLength(1);
    expect((await call(app(), owner.token, 'GET', '/team/audit?kind=everything')).statusCode).toBe(400);
  });

  it('keeps the WhatsApp access token and other body secrets out of the log', async () => {
    const owner = await teamOwner(app());
    const sparkId = ((await call(app(), owner.token, 'POST', '/sparks')).json() as { data: { _id: string } }).data._id;
    const secret = 'EAAGsecretAccessToken0123456789';
    const connected = await call(app(), owner.token, 'PUT', `/sparks/${sparkId}/whatsapp`, {
      phoneNumberId: '106540352242922',
      accessToken: secret,
      appSecret: '0123456789abcdef0123456789abcdef',
    });
    expect(connected.statusCode, connected.payload).toBe(200);
    const rows = await app().database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, owner.tenantId));
    expect(rows.map((row) => row.kind)).toContain('whatsapp.changed');
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain('0123456789abcdef');
  });

  it('is for owners and admins only, and another account’s log is never in reach', async () => {
    const owner = await teamOwner(app());
    const admin = await memberAs(app(), owner, 'admin');
    const editor = await memberAs(app(), owner, 'editor');
    const agent = await memberAs(app(), owner, 'agent');
    expect((await call(app(), admin.token, 'GET', '/team/audit')).statusCode).toBe(200);
    for (const member of [editor, agent]) {
      expect((await call(app(), member.token, 'GET', '/team/audit')).statusCode).toBe(403);
      expect((await call(app(), member.token, 'GET', '/team/audit/export')).statusCode).toBe(403);
    }
    const stranger = await teamOwner(app());
    const theirs = await auditOf(app(), stranger.token, `?person=${owner.userId}`);
    expect(theirs.events).toEqual([]);
  });

  it('pages through a long log, and exports it as CSV a spreadsheet cannot run', async () => {
    // An address a spreadsheet would read as a formula.
    const owner = await teamOwner(app(), `-2+3.${Date.now()}@example.com`);
    const many = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => ({
      tenantId: owner.tenantId,
      actorUserId: owner.userId,
      actorEmail: owner.email,
      kind: 'spark.changed',
      detail: { name: `=HYPERLINK("http://evil.example","${index}")` },
      createdAt: new Date(Date.now() - (index + 1) * 60_000),
    }));
    await app().database.db.insert(auditEvents).values(many);
    const first = await auditOf(app(), owner.token);
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await auditOf(app(), owner.token, `?before=${encodeURIComponent(first.next!)}`);
    expect(first.events.length + second.events.length).toBe(many.length + 1);
    expect(second.next).toBeNull();

    const exported = await call(app(), owner.token, 'GET', '/team/audit/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.payload
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('time,person,kind,details');
    // The header, the events and the sign-in: the log as it stood when the export began.
    expect(lines).toHaveLength(many.length + 2);
    for (const row of lines.slice(1)) expect(row.split(',')[1]).toMatch(/^'-2\+3/);
    // Exporting is itself in the log.
    expect((await auditOf(app(), owner.token, '?kind=audit.exported')).events).toHaveLength(1);
  });

  it('pages through events of one instant without skipping or repeating any, and refuses a made-up page mark', async () => {
    const owner = await teamOwner(app());
    // One moment to the microsecond, more events in it than a page holds: the page's end falls inside it.
    const instant = sql`'2026-11-30T10:00:00.123456Z'::timestamptz`;
    const many = Array.from({ length: AUDIT_PAGE_SIZE + 7 }, (_, index) => ({
      tenantId: owner.tenantId,
      actorUserId: owner.userId,
      actorEmail: owner.email,
      kind: 'spark.changed',
      detail: { name: `same instant ${index}` },
      createdAt: instant,
    }));
    await app().database.db.insert(auditEvents).values(many);
    const query = '?kind=spark.changed';
    const first = await auditOf(app(), owner.token, query);
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await auditOf(app(), owner.token, `${query}&before=${encodeURIComponent(first.next!)}`);
    const names = [...first.events, ...second.events].map((event) => event.detail.name);
    expect(new Set(names).size).toBe(many.length);
    expect(names).toHaveLength(many.length);
    expect(second.next).toBeNull();

    for (const forged of ['2026-11-30T10:00:00Z', Buffer.from("x'|1").toString('base64url'), 'a'.repeat(201)]) {
      const refused = await call(app(), owner.token, 'GET', `/team/audit?before=${encodeURIComponent(forged)}`);
      expect(refused.statusCode, forged).toBe(400);
      expect(errorOf(refused).errors.join(' ')).toMatch(/before/);
    }
  });

  it('forgets events older than it keeps', async () => {
    const owner = await teamOwner(app());
    const old = new Date(Date.now() - (AUDIT_RETENTION_DAYS + 1) * DAY_MS);
    await app().database.db.insert(auditEvents).values({ tenantId: owner.tenantId, actorUserId: owner.userId, kind: 'spark.created', createdAt: old });
    expect(await app().services.auditLog.forgetOld()).toBeGreaterThanOrEqual(1);
    const [left] = await app()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(sql`${auditEvents.tenantId} = ${owner.tenantId} and ${auditEvents.createdAt} < now() - interval '1 day'`);
    expect(left!.n).toBe(0);
    expect((await auditOf(app(), owner.token)).events.map((event) => event.kind)).toEqual(['signed-in']);
  });
});

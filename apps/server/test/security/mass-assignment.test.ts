import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsClient } from '#test/documents-helpers.js';
import { startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets, type TestDatabaseTarget } from '#test/test-databases.js';
import { startFakeMicrosoft, type FakeMicrosoft } from '../../../../test/support/fake-microsoft.js';
import { documents, sparks, tenants } from '#src/db/schema.js';
import { forgedAtTop, forgedNested, preparedCall, send } from './mass-assignment-calls.js';
import { servedOperations, type Operation } from './openapi-operations.js';
import { FORGED_MOMENT, forgedMarkers, forgedValues, privilegedState, rowsOf, tablesHolding } from './privileged-state.js';
import { tenantWithEverything, tenantWithSpark } from './tenant-fixtures.js';

/** Operations with a body that this suite does not send forged fields to, and why. */
const SKIPPED: Record<string, string> = {
  'POST /api/v1/billing/webhook':
    'Stripe’s signed events: the signature over the raw body is checked before anything in it is read (billing.test, schema-fuzz)',
  'POST /api/v1/whatsapp/{channelId}/webhook':
    'Meta’s signed deliveries: the signature over the raw body is checked before anything in it is read (whatsapp.test)',
  // Its control call would need Meta itself; unknown fields are refused by the strict body (whatsapp.test).
  'POST /api/v1/sparks/{sparkId}/whatsapp/test':
    'sends a message through Meta’s Cloud API, which this suite does not reach (whatsapp.test sends forged fields)',
  'POST /api/v1/bucket': 'a multipart upload form, not JSON: its forged form fields have their own test below',
  'POST /api/v1/sparks/{sparkId}/documents':
    'the same multipart upload form as POST /api/v1/bucket, with the Spark in the address (api-keys.test refuses a form naming another)',
  'PUT /api/v1/sparks/{sparkId}/channels/meta':
    'asks Meta whose the Page token is before anything is kept, which this suite does not reach; unknown fields are refused by the strict body (meta-messaging.test)',
  'PUT /api/v1/sparks/{sparkId}/channels/telegram':
    'asks Telegram which bot the token is before anything is kept, which this suite does not reach; unknown fields are refused by the strict body (telegram.test)',
  'PATCH /api/v1/sparks/{sparkId}/channels/{platform}':
    'changes a connected channel, which needs Meta or Telegram to connect; unknown fields are refused by the strict body (telegram.test)',
  'POST /api/v1/sparks/{sparkId}/channels/{platform}/test': 'takes no body: there is no field to forge',
  'POST /api/v1/meta/{channelId}/webhook':
    'Meta’s signed deliveries: the signature over the raw body is checked before anything in it is read (meta-messaging.test)',
  'POST /api/v1/telegram/{channelId}/webhook': 'Telegram’s updates: the secret token is checked before anything in the raw body is read (telegram.test)',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Operations that spend the caller's session or plan run last: cancelling the subscription,
 * passing the account's ownership on, then logging out, then resetting the password (which ends every session). Reading the document again
 * goes before them but after everything else: its new version takes the document's id away from
 * the calls that name it (a test case's cited document).
 */
function phaseOf(operation: Operation): number {
  if (operation.path.endsWith('/users/reset-password')) return 3;
  if (operation.path.endsWith('/read-again')) return 0.5;
  if (operation.path.endsWith('/auth/logout')) return 2;
  if (operation.path.includes('/billing/test-portal/')) return 1;
  // Passing the account on makes the caller an admin, who neither pays nor passes it on again.
  if (operation.path.endsWith('/team/transfer')) return 1.5;
  return 0;
}

const ENV = { RATE_LIMIT_MAX: '100000', CHAT_TURNS_PER_MINUTE: '100000', PUBLIC_URL: 'http://sparks.test', DNS_SERVERS: '127.0.0.1:9' };

/** A refusal says why: the `{ errors }` body, or the redisplayed test-mode payment form. */
function explains(response: LightMyRequestResponse): boolean {
  if (String(response.headers['content-type']).startsWith('text/html')) return response.payload.length > 0;
  const body = response.json() as { errors?: unknown[] };
  return Array.isArray(body.errors) && body.errors.length > 0;
}

/**
 * One suite per database. Built while the suite is collected: the operations to test come from
 * the document the app serves.
 */
async function massAssignmentSuite(target: TestDatabaseTarget): Promise<void> {
  const microsoft: FakeMicrosoft = await startFakeMicrosoft();
  const harness = await startTestAppOn(target, {
    ...ENV,
    MICROSOFT_CLIENT_ID: microsoft.clientId,
    MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    MICROSOFT_AUTHORITY: microsoft.authority,
    GRAPH_BASE_URL: microsoft.graphUrl,
  });
  const app: FastifyInstance = harness.app;
  const served = await servedOperations(app);
  const operations = served
    .filter((operation) => WRITES.has(operation.method) && !(operation.key in SKIPPED))
    .map((operation, index) => ({ operation, index }))
    .sort((a, b) => phaseOf(a.operation) - phaseOf(b.operation) || a.index - b.index)
    .map(({ operation }) => operation);
  const caller = await tenantWithEverything(app, microsoft);
  const victim = await tenantWithSpark(app);
  const victimRowsBefore = await rowsOf(app.database.db, victim);
  const outcomes = new Map<string, string>();

  afterAll(async () => {
    await harness.stop();
    await microsoft.close();
  });

  describe(`privileged fields added to every create and update body on ${target.name}`, () => {
    it('finds the document’s writes, and every skipped one is still there', () => {
      expect(operations.length).toBeGreaterThan(25);
      expect(operations.at(-1)?.key).toBe('POST /api/v1/users/reset-password');
      expect(Object.keys(SKIPPED).filter((key) => !served.some((operation) => operation.key === key))).toEqual([]);
    });

    it.each(operations.map((operation, index) => [operation.key, operation, index + 1] as const))('%s', async (_key, operation, n) => {
      const forged = forgedValues(n, victim);
      const db = app.database.db;
      const verdicts: string[] = [];
      for (const place of [forgedAtTop, forgedNested]) {
        const call = await preparedCall(app, operation, caller);
        const body = place(call.body, operation.bodySchema, forged);
        if (!body) continue;
        const before = await privilegedState(db, [caller, victim]);
        const response = await send(app, call, body);
        const where = `${operation.key} with ${JSON.stringify(body).slice(0, 300)} → ${response.statusCode} ${response.payload.slice(0, 300)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        expect(await privilegedState(db, [caller, victim]), where).toEqual(before);
        if (response.statusCode >= 400) {
          expect(explains(response), `a refusal without a message: ${where}`).toBe(true);
          verdicts.push('refused');
        } else {
          for (const marker of [...forgedMarkers(n), victim.tenantId, victim.userId, victim.sparkId])
            expect(response.payload, `${marker} in the answer: ${where}`).not.toContain(marker);
          verdicts.push('ignored');
        }
      }
      expect(await tablesHolding(db, forgedMarkers(n)), operation.key).toEqual([]);
      if (verdicts.includes('refused')) {
        // The same call without the forged fields succeeds: the refusal was about them, not about the call.
        const control = await preparedCall(app, operation, caller);
        const response = await send(app, control, control.body);
        expect(response.statusCode, `control of ${operation.key}: ${response.payload.slice(0, 300)}`).toBeLessThan(400);
      }
      outcomes.set(operation.key, verdicts.join(', '));
    });

    it('refuses forged fields in the upload form, or ignores them', async () => {
      const fields = {
        sparkId: caller.sparkId,
        _id: '0f0f0f0f-0000-4000-8000-0000000000ff',
        tenantId: victim.tenantId,
        userId: victim.userId,
        status: 'ready',
        createdAt: FORGED_MOMENT,
      };
      const response = await documentsClient(app, caller.token).upload(fields, { name: 'forged.md', bytes: Buffer.from('# Forged\n\nNothing to see.\n') });
      expect(response.statusCode, response.payload).toBeLessThan(500);
      if (response.statusCode < 300) {
        const [uploaded] = (response.json() as { data: Array<{ _id: string }> }).data;
        const [row] = await app.database.db.select().from(documents).where(eq(documents.id, uploaded!._id));
        expect(row).toMatchObject({ tenantId: caller.tenantId, sparkId: caller.sparkId });
        expect(row!.id).not.toBe(fields._id);
        expect(row!.createdAt.toISOString()).not.toBe(FORGED_MOMENT);
        outcomes.set('POST /api/v1/bucket (form fields)', 'ignored');
      } else {
        expect(explains(response)).toBe(true);
        outcomes.set('POST /api/v1/bucket (form fields)', 'refused');
      }
    });

    it('has detectors that see a forged value where it lands', async () => {
      const db = app.database.db;
      // Written straight to the rows, as a write that took a forged field would (the caller has logged out by now).
      await db.update(sparks).set({ name: 'forged-999' }).where(eq(sparks.id, caller.sparkId));
      expect(await tablesHolding(db, forgedMarkers(999))).toContain('sparks: forged-999');
      const before = await privilegedState(db, [caller, victim]);
      await db
        .update(tenants)
        .set({ trialEndsAt: new Date('2099-12-31T00:00:00.000Z') })
        .where(eq(tenants.id, caller.tenantId));
      expect(await privilegedState(db, [caller, victim])).not.toEqual(before);
    });

    it('covered every write not skipped for a stated reason, and added nothing to the other tenant', async () => {
      expect(operations.filter((operation) => !outcomes.has(operation.key)).map((operation) => operation.key)).toEqual([]);
      expect(await rowsOf(app.database.db, victim)).toEqual(victimRowsBefore);
      // eslint-disable-next-line no-console -- the one line saying which writes refuse and which ignore forged fields
      console.info(`mass assignment: ${[...outcomes].map(([key, verdict]) => `${key}: ${verdict}`).join('; ')}`);
    });
  });
}

for (const target of testDatabaseTargets()) await massAssignmentSuite(target);

import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { tenants, websites } from '#src/db/schema.js';
import { GOOD_PASSWORD, codeIn, freshEmail, freshIp, latestMail, linkTokenIn, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { invitationTokenIn } from '#test/team-helpers.js';
import type { JsonSchema, ValueHints } from '#test/json-schema-arbitrary.js';
import type { Operation } from './openapi-operations.js';
import { schemaSample } from './schema-sample.js';
import { SAMPLE_ACTION, WEBSITE, apiOf, type Tenant } from './tenant-fixtures.js';
import { hintsOf } from './tenant-matrix.js';

interface Setup {
  hints?: ValueHints;
  headers?: Record<string, string>;
  /** Path parameters beyond the caller's usual ids. */
  params?: Record<string, string>;
  /** Body fields a sample cannot guess, such as the number of a message just written. */
  fields?: Record<string, unknown>;
}

/** A fresh account that has not typed its e-mailed code yet. */
async function unverified(app: FastifyInstance): Promise<string> {
  const email = freshEmail('pending');
  await register(app, email);
  return email;
}

/** The top plan, with no limit on seats: inviting is then refused only for what the call itself says. */
async function roomForOneMore(app: FastifyInstance, caller: Tenant): Promise<void> {
  await app.database.db.update(tenants).set({ planSlug: 'zaphire', status: 'active' }).where(eq(tenants.id, caller.tenantId));
}

/**
 * What an operation needs to succeed for the caller, prepared anew for every call (a code, a
 * refresh token, a reset link and a checkout are spent by the call that succeeds).
 */
const SETUPS: Record<string, (app: FastifyInstance, caller: Tenant) => Promise<Setup>> = {
  'POST /api/v1/auth/register': async () => {
    const email = freshEmail('newcomer');
    return { hints: { username: [email], email: [email], password: [GOOD_PASSWORD] }, headers: {} };
  },
  'POST /api/v1/auth/send-code': async (app) => ({ hints: { username: [await unverified(app)] }, headers: {} }),
  'POST /api/v1/auth/verify-code': async (app) => {
    const email = await unverified(app);
    return { hints: { username: [email], code: [codeIn((await latestMail(app, email)).text)] }, headers: {} };
  },
  'POST /api/v1/auth/login': async (_app, caller) => ({ hints: { username: [caller.email], password: [GOOD_PASSWORD] }, headers: {} }),
  'POST /api/v1/auth/refresh-token': async (app, caller) => {
    const tokens = tokensOf(await post(app, '/auth/login', { username: caller.email, password: GOOD_PASSWORD }));
    return { hints: { refresh_token: [tokens.refresh_token] }, headers: {} };
  },
  'POST /api/v1/users/forgot-password': async (_app, caller) => ({ hints: { email: [caller.email] }, headers: {} }),
  'POST /api/v1/users/reset-password': async (app, caller) => {
    await post(app, '/users/forgot-password', { email: caller.email });
    const token = linkTokenIn((await latestMail(app, caller.email)).text);
    return { hints: { newPassword: [GOOD_PASSWORD] }, headers: { authorization: `Bearer ${token}` } };
  },
  'POST /api/v1/billing/test-checkout/{id}': async (_app, caller) => ({
    params: { id: caller.checkoutId },
    hints: { card: ['4242 4242 4242 4242'], expiry: ['12/34'], cvc: ['123'], name: ['Ada Lovelace'] },
  }),
  'POST /api/v1/billing/test-portal/{id}': async (app, caller) => {
    const { portalUrl } = await apiOf(app, caller.token)<{ portalUrl: string }>('POST', `/billing/customers/${caller.customerId}/portal`);
    return { params: { id: portalUrl.split('/').at(-1)! }, hints: { confirm: ['CANCEL'] } };
  },
  'POST /api/v1/billing/customers/{customerId}/session': async (app, caller) => ({
    hints: { priceId: (await apiOf(app, caller.token)<Array<{ priceId: string }>>('GET', '/prices')).map((price) => price.priceId) },
  }),
  'POST /api/v1/widget/{token}/chat': async () => ({ headers: { origin: WEBSITE }, hints: { text: ['Hello'] } }),
  // A visitor votes on an answer of their own conversation: one is asked first.
  'PUT /api/v1/widget/{token}/feedback': async (app, caller) => {
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/widget/${caller.deployToken}/chat`,
      headers: { origin: WEBSITE },
      payload: { text: 'Hello' },
    });
    const { visitorToken, messages } = asked.json().data as { visitorToken: string; messages: Array<{ id?: string }> };
    return { headers: { origin: WEBSITE, 'x-sparks-visitor': visitorToken }, hints: { messageId: [messages.at(-1)!.id!] } };
  },
  // An action runs only where the Spark has just offered it: the visitor asks for it first.
  'POST /api/v1/widget/{token}/actions/{actionId}': async (app, caller) => {
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/widget/${caller.deployToken}/chat`,
      headers: { origin: WEBSITE },
      payload: { text: SAMPLE_ACTION.examples[0] },
    });
    const { visitorToken, messages } = asked.json().data as { visitorToken: string; messages: Array<{ action?: { actionId: string } }> };
    expect(messages.at(-1)?.action?.actionId, asked.payload).toBe(caller.actionId);
    return { headers: { origin: WEBSITE, 'x-sparks-visitor': visitorToken }, fields: { inputs: { order: '1042' } } };
  },
  // The same in a test chat: the owner asks for it in a conversation of the test first.
  'POST /api/v1/sparks/{sparkId}/chat/{testSparkId}/actions/{actionId}': async (app, caller) => {
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/sparks/${caller.sparkId}/chat/${caller.testId}`,
      headers: { authorization: `Bearer ${caller.token}` },
      payload: { input: { text: SAMPLE_ACTION.examples[0] } },
    });
    const { conversationId, ai } = asked.json().data as { conversationId: string; ai: { data: { action?: { actionId: string } } } };
    expect(ai.data.action?.actionId, asked.payload).toBe(caller.actionId);
    return { fields: { conversationId, inputs: { order: '1042' } } };
  },
  'POST /api/v1/widget/{token}/typing': async (_app, caller) => ({ headers: { origin: WEBSITE, 'x-sparks-visitor': caller.visitorToken } }),
  // Writing to a visitor needs the conversation taken over first.
  'POST /api/v1/sparks/{sparkId}/live/{conversationId}/messages': async (app, caller) => {
    const taken = await app.inject({
      method: 'POST',
      url: `/api/v1/sparks/${caller.sparkId}/live/${caller.liveConversationId}/take-over`,
      headers: { authorization: `Bearer ${caller.token}` },
      payload: {},
    });
    expect(taken.statusCode, taken.payload).toBe(200);
    return {};
  },
  // Saving a reply as knowledge needs one of the owner's messages: the conversation is taken over and answered first.
  'POST /api/v1/sparks/{sparkId}/live/{conversationId}/knowledge': async (app, caller) => {
    const live = `/api/v1/sparks/${caller.sparkId}/live/${caller.liveConversationId}`;
    const authorization = `Bearer ${caller.token}`;
    await app.inject({ method: 'POST', url: `${live}/take-over`, headers: { authorization }, payload: {} });
    const said = await app.inject({ method: 'POST', url: `${live}/messages`, headers: { authorization }, payload: { text: 'We open at nine.' } });
    expect(said.statusCode, said.payload).toBe(201);
    return { fields: { seq: (said.json().data as { seq: number }).seq } };
  },
  // Room for one more person, whatever plan an earlier call (a checkout, a cancellation) left the account on.
  'POST /api/v1/team/invitations': async (app, caller) => {
    await roomForOneMore(app, caller);
    return { hints: { email: [freshEmail('invitee')], role: ['viewer'] } };
  },
  'PATCH /api/v1/team/members/{userId}': async () => ({ hints: { role: ['editor'] } }),
  'POST /api/v1/developers/webhooks': async () => ({ fields: { url: 'https://127.0.0.2/hooks', events: ['gap.opened'] } }),
  'PATCH /api/v1/developers/webhooks/{webhookId}': async () => ({ fields: { events: ['gap.opened'], enabled: true } }),
  // Room for one more key within the plan's: the keys in use are revoked first.
  'POST /api/v1/developers/keys': async (app, caller) => {
    const api = apiOf(app, caller.token);
    const { keys } = await api<{ keys: Array<{ _id: string; revokedAt: string | null }> }>('GET', '/developers/keys');
    for (const key of keys.filter((one) => !one.revokedAt)) await api('DELETE', `/developers/keys/${key._id}`);
    return { fields: { name: 'Shop site', scopes: ['ask'], sparkIds: [caller.sparkId] } };
  },
  // A new conversation: the sample's conversation id is a test chat's, which the API cannot continue.
  // The API counts within the Spark's daily caps, which another call of the suite may have set to one: they go back to the plan's first.
  'POST /api/v1/sparks/{sparkId}/ask': async (app, caller) => {
    await apiOf(app, caller.token)('PATCH', `/sparks/${caller.sparkId}/deploy`, { dailyCaps: { perVisitor: null, perSpark: null } });
    return { fields: { message: 'Hello', conversationId: undefined, endUserId: 'visitor-1' } };
  },
  'POST /api/v1/sparks/{sparkId}/actions': async () => ({ fields: SAMPLE_ACTION }),
  'PUT /api/v1/sparks/{sparkId}/actions/{actionId}': async () => ({ fields: SAMPLE_ACTION }),
  'POST /api/v1/sparks/{sparkId}/actions/{actionId}/try': async () => ({ fields: { inputs: { order: '1042' } } }),
  // Accepting needs an invitation sent to the address of the one who accepts.
  'POST /api/v1/invitations/{token}/accept': async (app, caller) => {
    const email = freshEmail('joining');
    await roomForOneMore(app, caller);
    await apiOf(app, caller.token)('POST', '/team/invitations', { email, role: 'viewer' });
    const link = invitationTokenIn((await latestMail(app, email)).text);
    const person = await verifiedAccount(app, email);
    return { params: { token: link }, headers: { authorization: `Bearer ${person.tokens.access_token}` } };
  },
  'POST /api/v1/team/transfer': async (_app, caller) => ({ hints: { userId: [caller.memberUserId] } }),
  'POST /api/v1/account/switch': async (_app, caller) => ({ hints: { tenantId: [caller.tenantId] } }),
  'POST /api/v1/widget/{token}/contact': async () => ({ headers: { origin: WEBSITE }, hints: { email: ['visitor@example.com'], question: ['Hello'] } }),
  // Each accepted edit is the answer's next version, which replaces the one named once it is read: the newest is edited.
  'PUT /api/v1/sparks/{sparkId}/answers/{documentId}': async (app, caller) => {
    const documents = await apiOf(app, caller.token)<Array<{ _id: string; kind: string; version: number }>>('GET', `/sparks/${caller.sparkId}/documents`);
    const newest = documents.filter((document) => document.kind === 'answer').sort((a, b) => b.version - a.version)[0];
    return { params: { documentId: newest?._id ?? caller.ownerAnswerId } };
  },
  // The builder continues a builder conversation; a test chat's would not be found.
  'POST /api/v1/llm/chat': async (_app, caller) => ({ hints: { conversationId: [caller.builderConversationId] } }),
  'PATCH /api/v1/objectives/{id}': async (_app, caller) => ({ params: { id: caller.sparkId }, hints: { stepId: ['publish:embed'] } }),
  // A sync waits for the reading an earlier call started (the import's) to end: one reading of a site at a time.
  'POST /api/v1/sparks/{sparkId}/websites/{websiteId}/sync': async (app, caller) => {
    await vi.waitFor(
      async () => {
        const [row] = await app.database.db.select({ state: websites.state }).from(websites).where(eq(websites.id, caller.websiteId));
        if (row?.state === 'discovering' || row?.state === 'importing') throw new Error(`the site is still ${row.state}`);
      },
      { timeout: 60_000, interval: 100 },
    );
    return {};
  },
  // Reading pages needs pages found: the fixture's crawl of a public site cannot reach it offline, so its row is given one.
  'POST /api/v1/sparks/{sparkId}/websites/{websiteId}/import': async (app, caller) => {
    const page = { url: 'https://www.example.com/', title: 'Example', kind: 'page' as const, bytes: 100 };
    await app.database.db
      .update(websites)
      .set({ state: 'discovered', pages: [page] })
      .where(eq(websites.id, caller.websiteId));
    return {};
  },
};

export interface PreparedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The valid body, before any forged field is added. */
  body: Record<string, unknown> | undefined;
}

/** A call the caller is entitled to make, with a valid body: the control the forged fields are added to. */
export async function preparedCall(app: FastifyInstance, operation: Operation, caller: Tenant): Promise<PreparedCall> {
  const setup = (await SETUPS[operation.key]?.(app, caller)) ?? {};
  const ids: Record<string, string> = {
    ...{
      sparkId: caller.sparkId,
      testId: caller.testId,
      testSparkId: caller.testId,
      caseId: caller.caseId,
      gapId: caller.gapId,
      requestId: caller.requestId,
      websiteId: caller.websiteId,
      documentId: caller.documentId,
      conversationId: caller.liveConversationId,
      channelId: caller.whatsappChannelId,
      actionId: caller.actionId,
      platform: 'telegram',
      customerId: caller.customerId,
      token: caller.deployToken,
      userId: caller.memberUserId,
      invitationId: caller.invitationId,
      keyId: caller.apiKeyId,
      webhookId: caller.webhookId,
      deliveryId: caller.webhookDeliveryId,
    },
    ...setup.params,
  };
  const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`no value for {${name}} of ${operation.key}: add one to mass-assignment-calls.ts`);
    return encodeURIComponent(value);
  });
  const body = operation.bodySchema
    ? { ...(schemaSample(operation.bodySchema, { ...hintsOf(caller), ...setup.hints }) as Record<string, unknown>), ...setup.fields }
    : undefined;
  return { method: operation.method, url, headers: setup.headers ?? { authorization: `Bearer ${caller.token}` }, body };
}

/** Keys the schema documents at this level: a forged field never replaces a real one. */
const documented = (schema: JsonSchema | undefined): Set<string> => new Set(Object.keys(schema?.properties ?? {}));

const only = (forged: Record<string, unknown>, schema: JsonSchema | undefined) =>
  Object.fromEntries(Object.entries(forged).filter(([key]) => !documented(schema).has(key)));

/** The body with the forged fields beside its own, at the top. */
export const forgedAtTop = (
  body: Record<string, unknown> | undefined,
  schema: JsonSchema | undefined,
  forged: Record<string, unknown>,
): Record<string, unknown> => ({
  ...(body ?? {}),
  ...only(forged, schema),
});

/** The body with the forged fields inside each of its nested objects (a profile's config, each question's checks of a case), or undefined when it has none. */
export function forgedNested(
  body: Record<string, unknown> | undefined,
  schema: JsonSchema | undefined,
  forged: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const objects = Object.entries(schema?.properties ?? {}).filter(([key, child]) => child.type === 'object' && body?.[key] && typeof body[key] === 'object');
  const lists = Object.entries(schema?.properties ?? {}).filter(
    ([key, child]) => child.type === 'array' && child.items?.type === 'object' && Array.isArray(body?.[key]) && (body[key] as unknown[]).length > 0,
  );
  if (!body || objects.length + lists.length === 0) return undefined;
  return {
    ...body,
    ...Object.fromEntries(objects.map(([key, child]) => [key, { ...(body[key] as object), ...only(forged, child) }])),
    ...Object.fromEntries(lists.map(([key, child]) => [key, (body[key] as object[]).map((item) => ({ ...item, ...only(forged, child.items) }))])),
  };
}

export const send = (app: FastifyInstance, call: PreparedCall, payload: Record<string, unknown> | undefined): Promise<LightMyRequestResponse> =>
  app.inject({
    method: call.method as InjectOptions['method'],
    url: call.url,
    headers: call.headers,
    remoteAddress: freshIp(),
    ...(payload === undefined ? {} : { payload }),
  });

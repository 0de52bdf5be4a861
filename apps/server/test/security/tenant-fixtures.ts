import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { freshEmail, verifiedAccount } from '#test/accounts-helpers.js';
import { memberAs } from '#test/team-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { chatClient, parseEventStream } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { sharepointClient } from '#test/sharepoint-helpers.js';
import { TEST_RUN_JOB } from '#src/modules/test-runs/test-runs-service.js';
import type { FakeMicrosoft } from '../../../../test/support/fake-microsoft.js';

/** The website a tenant's Spark is deployed on: widget calls are answered only from there. */
export const WEBSITE = 'https://shop.example';

/** Everything with an id that one tenant owns, as the API names it. */
export interface Tenant {
  token: string;
  email: string;
  userId: string;
  tenantId: string;
  customerId: string;
  sparkId: string;
  testId: string;
  documentId: string;
  chunkId: string;
  testConversationId: string;
  builderConversationId: string;
  systemConversationId: string;
  caseId: string;
  runId: string;
  deployToken: string;
  checkoutId: string;
  /** The Spark's answer in the test chat, thumbed down: a knowledge gap the owner answered (an owner answer). */
  answerMessageId: string;
  gapId: string;
  ownerAnswerId: string;
  /** A website visitor's request for a person. */
  requestId: string;
  /** A website the Spark reads (its crawl may fail offline; the row is what the suites aim at). */
  websiteId: string;
  /** A website visitor's conversation, as the Live view lists it. */
  liveConversationId: string;
  whatsappChannelId: string;
  /** An action of the Spark (its API is public and unreachable offline: a run fails, its row is what the suites aim at). */
  actionId: string;
  /** That visitor's session. */
  visitorToken: string;
  /** A member of the team (a viewer), and an invitation still open. */
  memberUserId: string;
  invitationId: string;
  apiKeyId: string;
  webhookId: string;
  webhookDeliveryId: string;
  /** The SharePoint library the Spark follows, when the suite connected one. */
  sharepoint?: { siteId: string; driveId: string; folderId: string };
}

/** An action that looks up an order on the shop's API: a valid body for the suites to add forged fields to. */
export const SAMPLE_ACTION = {
  name: 'Order status',
  purpose: 'Look up an order',
  examples: ['Where is my order?'],
  inputs: [{ key: 'order', label: 'Order number', type: 'text' }],
  does: {
    kind: 'api',
    method: 'GET',
    url: 'https://shop.example/api/orders/{{order}}',
    headers: [{ name: 'Authorization', value: 'Bearer shop_sample_secret', secret: true }],
    reply: 'Your order is {{status}}',
    fallback: 'The order could not be looked up.',
  },
};

/** Who owns what, the least a suite needs of another tenant to point forged fields at it. */
export type Owner = Pick<Tenant, 'token' | 'userId' | 'tenantId' | 'customerId' | 'sparkId'>;

/** A verified account with one Spark: an owner to aim at, cheaper than one with everything. */
export async function tenantWithSpark(app: FastifyInstance): Promise<Owner> {
  const { tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const profile = await apiOf(app, token)<{ id: string; tenants: Array<{ _id: string; customerId: string }> }>('GET', '/account/profile');
  const spark = await chatClient(app, token).newSpark();
  return { token, userId: profile.id, tenantId: profile.tenants[0]!._id, customerId: profile.tenants[0]!.customerId, sparkId: spark._id };
}

/** A caller's JSON API, failing loudly on anything but success: fixtures must really exist. */
export function apiOf(app: FastifyInstance, token: string) {
  return async <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> => {
    const response = await app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.payload}`).toBeLessThan(300);
    return (response.json() as { data: T }).data;
  };
}

/**
 * A verified, paying account (the top plan unless told) with one of everything: a Spark with a test chat, an
 * uploaded document, a builder and a system-assistant conversation, a saved case and a finished
 * run, deploy settings, an open checkout and, given a fake Microsoft, a followed SharePoint folder.
 */
export async function tenantWithEverything(app: FastifyInstance, microsoft?: FakeMicrosoft, plan: 'zaphire' | 'ruby' = 'zaphire'): Promise<Tenant> {
  const { email, tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const api = apiOf(app, token);
  // The top plan by default, so no plan check stands between a stranger's call and the ownership check.
  await subscribe(app, token, plan);
  const profile = await api<{ id: string; tenants: Array<{ _id: string; customerId: string }> }>('GET', '/account/profile');
  // An endpoint that hears every answer (at an address the outbound rule refuses at once, so no try waits on the network).
  const webhook = await api<{ endpoint: { _id: string } }>('POST', '/developers/webhooks', { url: 'https://127.0.0.2/hooks', events: ['message.answered'] });
  const chat = chatClient(app, token);
  const spark = await chat.newSpark();
  const test = await chat.newTest(spark._id, 'Returns');
  const { document } = await documentsClient(app, token).uploadReady(
    spark._id,
    'policy.md',
    Buffer.from('# Returns\n\nBicycles can be returned within 30 days.\n'),
  );

  const turn = await chat.test(spark._id, test._id, 'Within how many days can bicycles be returned?');
  expect(turn.statusCode, turn.payload).toBe(200);
  const testConversationId = (turn.json() as { data: { conversationId: string } }).data.conversationId;
  const built = await chat.builder(spark._id, 'Answer politely.');
  expect(built.statusCode, built.payload).toBe(200);
  const builderConversationId = (built.json() as { data: { conversationId: string } }).data.conversationId;
  const system = await app.inject({ method: 'GET', url: '/api/v1/spark-sys/settings/chat?text=Hello', headers: { authorization: `Bearer ${token}` } });
  expect(system.statusCode, system.payload).toBe(200);
  const systemConversationId = (parseEventStream(system.payload)[0]!.data as { sessionId: string }).sessionId;

  const saved = await api<{ _id: string }>('POST', `/sparks/${spark._id}/test-cases`, {
    testId: test._id,
    name: 'Returns',
    checks: [{ turn: 0, mustInclude: ['30 days'], citesDocumentId: document._id }],
  });
  const run = await api<{ _id: string }>('POST', `/sparks/${spark._id}/test-runs`);
  await app.jobs.idle(TEST_RUN_JOB);
  const passages = await api<Array<{ chunkId: string }>>('GET', `/sparks/${spark._id}/search?q=bicycles`);
  const { deployToken } = await api<{ deployToken: string }>('PATCH', `/sparks/${spark._id}/deploy`, { allowedOrigins: [WEBSITE] });
  const answerMessageId = (turn.json() as { data: { ai: { id: string } } }).data.ai.id;
  await api('PUT', `/sparks/${spark._id}/feedback`, { messageId: answerMessageId, rating: 'down', comment: 'Too short' });
  const [gap] = await api<Array<{ _id: string }>>('GET', `/sparks/${spark._id}/gaps`);
  const answered = await api<{ answerDocumentId: string }>('POST', `/sparks/${spark._id}/gaps/${gap!._id}/answer`, {
    answer: 'Within 30 days, with the receipt.',
  });
  const contact = await app.inject({
    method: 'POST',
    url: `/api/v1/widget/${deployToken}/contact`,
    headers: { origin: WEBSITE },
    payload: { email: 'visitor@example.com', question: 'Can I pay in instalments?', consent: true },
  });
  expect(contact.statusCode, contact.payload).toBe(201);
  const [request] = await api<Array<{ _id: string }>>('GET', `/sparks/${spark._id}/requests`);
  const visited = await app.inject({ method: 'POST', url: `/api/v1/widget/${deployToken}/chat`, headers: { origin: WEBSITE }, payload: { text: 'Hello' } });
  expect(visited.statusCode, visited.payload).toBe(200);
  const visitorToken = (visited.json() as { data: { visitorToken: string } }).data.visitorToken;
  const [live] = await api<Array<{ id: string }>>('GET', `/sparks/${spark._id}/live`);
  const [delivery] = await api<Array<{ _id: string }>>('GET', `/developers/webhooks/${webhook.endpoint._id}/deliveries`);
  const website = await api<{ _id: string }>('POST', `/sparks/${spark._id}/websites`, { url: 'https://www.example.com/' });
  const whatsapp = await api<{ webhookUrl: string }>('PUT', `/sparks/${spark._id}/whatsapp`, {
    phoneNumberId: '106540352242922',
    accessToken: 'EAAGsampleAccessToken0123456789',
    appSecret: '0123456789abcdef0123456789abcdef',
  });
  const action = await api<{ _id: string }>('POST', `/sparks/${spark._id}/actions`, SAMPLE_ACTION);
  const { customerId, _id: tenantId } = profile.tenants[0]!;
  const prices = await api<Array<{ priceId: string }>>('GET', '/prices');
  const { sessionUrl } = await api<{ sessionUrl: string }>('POST', `/billing/customers/${customerId}/session`, {
    mode: 'subscription',
    priceId: prices[0]!.priceId,
  });

  const member = await memberAs(app, { token }, 'viewer');
  const invitation = await api<{ _id: string }>('POST', '/team/invitations', { email: freshEmail('invitee'), role: 'editor' });
  const apiKey = await api<{ key: { _id: string } }>('POST', '/developers/keys', { name: 'Website', scopes: ['ask'], sparkIds: [spark._id] });

  const tenant: Tenant = {
    ...{ token, email, userId: profile.id, tenantId, customerId, sparkId: spark._id, testId: test._id, documentId: document._id },
    ...{ chunkId: passages[0]!.chunkId, testConversationId, builderConversationId, systemConversationId, caseId: saved._id, runId: run._id },
    ...{ deployToken, checkoutId: sessionUrl.split('/').at(-1)! },
    ...{ answerMessageId, gapId: gap!._id, ownerAnswerId: answered.answerDocumentId, requestId: request!._id, websiteId: website._id },
    ...{ liveConversationId: live!.id, visitorToken, whatsappChannelId: whatsapp.webhookUrl.split('/').at(-2)!, actionId: action._id },
    ...{ memberUserId: member.userId, invitationId: invitation._id, apiKeyId: apiKey.key._id },
    ...{ webhookId: webhook.endpoint._id, webhookDeliveryId: delivery!._id },
  };
  if (microsoft) tenant.sharepoint = await followSharepointFolder(app, token, spark._id, microsoft);
  return tenant;
}

/** Connects the Spark to the fake Microsoft library and follows one folder, synced. */
async function followSharepointFolder(app: FastifyInstance, token: string, sparkId: string, microsoft: FakeMicrosoft) {
  const folder = `Policies ${sparkId.slice(0, 8)}`;
  microsoft.addFile({ name: 'Warranty.pdf', bytes: await makePdf([{ heading: 'Warranty', paragraphs: ['Frames carry a lifetime warranty.'] }]), folder });
  const sharepoint = sharepointClient(app, token);
  await sharepoint.connect(sparkId);
  const selection = { siteId: microsoft.siteId, driveId: microsoft.driveId, folderId: microsoft.folderId(folder) };
  const selected = await sharepoint.select(sparkId, { siteId: selection.siteId, driveId: selection.driveId, folderIds: [selection.folderId] });
  expect(selected.statusCode, selected.payload).toBe(200);
  await sharepoint.settle();
  return selection;
}

import type { FastifyInstance } from 'fastify';
import type { Tenant } from './tenant-fixtures.js';

/**
 * Everything the owner can read about their things, by URL: status and body. Taken before and
 * after a stranger's calls, two equal views prove nothing was changed, added or removed.
 */
export async function ownerView(app: FastifyInstance, owner: Tenant): Promise<Record<string, unknown>> {
  const spark = `/sparks/${owner.sparkId}`;
  const urls = [
    '/sparks',
    `${spark}/documents`,
    `${spark}/documents/${owner.documentId}`,
    `${spark}/passages/${owner.chunkId}`,
    `${spark}/tests`,
    `${spark}/tests/${owner.testId}`,
    `${spark}/test-cases`,
    `${spark}/test-runs`,
    `${spark}/deploy`,
    `${spark}/visitor-conversations`,
    `${spark}/integrations/sharepoint`,
    `/llm/chat-history/${owner.testConversationId}`,
    `/llm/chat-history/${owner.builderConversationId}`,
    `/spark-sys/conversations/${owner.systemConversationId}`,
    `/billing/subscriptions/${owner.customerId}`,
    '/account/profile',
  ];
  const view: Record<string, unknown> = {};
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${owner.token}` } });
    view[url] = { status: response.statusCode, body: response.json() as unknown };
  }
  return view;
}

import type { ApiKeyScope, ApiRouteName } from '@sparks/contract';

/**
 * The routes an API key may call, each with the scope that opens it (docs/decisions/0043). A route
 * not listed is a member's session route only: billing, the team, keys themselves, the builder and
 * every account setting. Each route here names its Spark in the address (`:sparkId`), so the policy
 * checks a key's Sparks before the route runs; the route table's test holds both rules.
 */
export const ROUTE_KEY_SCOPES: Partial<Record<ApiRouteName, ApiKeyScope>> = {
  askSpark: 'ask',
  listDocuments: 'knowledge.read',
  getDocument: 'knowledge.read',
  listWebsites: 'knowledge.read',
  getWebsite: 'knowledge.read',
  uploadToSpark: 'knowledge.write',
  deleteDocument: 'knowledge.write',
  readDocumentAgain: 'knowledge.write',
  addWebsite: 'knowledge.write',
  syncWebsite: 'knowledge.write',
  deleteWebsite: 'knowledge.write',
  visitorConversations: 'conversations.read',
  liveTranscript: 'conversations.read',
};

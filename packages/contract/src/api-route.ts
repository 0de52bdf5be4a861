import { z } from 'zod';
import { dataEnvelope } from './envelope.js';
import { deployTokenSchema } from './widget.js';
import { API_PATHS, type ApiRouteName } from './api-paths.js';

/** The parts the route table's entries are made of: path parameters several routes share, and `route` itself. */
const id = (what: string) => z.uuid({ error: `must be ${what}` });
export const sparkRouteParams = z.object({ sparkId: id('a Spark id') });
export const testRouteParams = sparkRouteParams.extend({ testId: id('a test id') });
export const documentRouteParams = sparkRouteParams.extend({ documentId: id('a document id') });
export const passageRouteParams = sparkRouteParams.extend({ chunkId: id('a passage id') });
export const caseRouteParams = sparkRouteParams.extend({ caseId: id('a test case id') });
export const testChatRouteParams = z.object({ sparkId: id('a Spark id'), testSparkId: id('a test id') });
export const conversationRouteParams = z.object({ id: id('a conversation id') });
export const systemConversationRouteParams = z.object({ id: id('a session id') });
/** A Spark id or a menu topic: letters, digits, dashes and underscores only. */
export const objectiveRouteParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Spark id or a menu topic') });
export const providerRouteParams = z.object({ provider: z.string().regex(/^[a-z]{1,20}$/, 'must be a provider name such as google') });
export const customerRouteParams = z.object({ customerId: z.string().min(1).max(120) });
export const widgetRouteParams = z.object({ token: deployTokenSchema });
export const gapRouteParams = sparkRouteParams.extend({ gapId: id('a question id') });
export const requestRouteParams = sparkRouteParams.extend({ requestId: id('a request id') });
export const deletedResponse = dataEnvelope(z.object({ deleted: z.literal(true) }));

/** What a route takes and answers: the success status and body, and the schemas of what it reads. */
export interface RouteSchemas {
  status: 200 | 201 | 202;
  response: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** One entry of the route table: its name, its method and path (from API_PATHS), and its schemas. */
export const route = <const N extends ApiRouteName, const S extends RouteSchemas>(name: N, schemas: S) => ({ name, ...API_PATHS[name], ...schemas });

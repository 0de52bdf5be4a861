import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RecordedRoute } from './route-recorder.js';
import { sampleRequest } from './route-samples.js';
import { leaksStackTrace } from './stack-trace.js';

export interface PublicRoute {
  method: string;
  /** The route's pattern exactly as registered, or a pattern for routes named by files on disk. */
  url: string | RegExp;
  reason: string;
}

const matches = (entry: PublicRoute, route: RecordedRoute): boolean =>
  entry.method === route.method && (typeof entry.url === 'string' ? entry.url === route.url : entry.url.test(route.url));

/**
 * Calls every recorded route without credentials and lists what is wrong: a route off the public
 * list that does not answer 401, any 5xx or stack trace, and public-list entries no longer
 * registered (so the list cannot keep reasons for routes that are gone).
 */
export async function walkRoutes(
  app: FastifyInstance,
  recorded: readonly RecordedRoute[],
  publicRoutes: readonly PublicRoute[],
): Promise<{ findings: string[]; walked: RecordedRoute[] }> {
  const seen = new Set<string>();
  const hasGet = new Set(recorded.filter((route) => route.method === 'GET').map((route) => route.url));
  // Fastify adds a HEAD twin to every GET: walking the GET covers both.
  const walked = recorded.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key) || (route.method === 'HEAD' && hasGet.has(route.url))) return false;
    seen.add(key);
    return true;
  });

  const findings: string[] = [];
  for (const route of walked) {
    const request = sampleRequest(route);
    const response = await app.inject({ ...request, method: request.method as InjectOptions['method'] });
    const name = `${route.method} ${route.url} (${request.url})`;
    const excerpt = response.payload.slice(0, 160).replace(/\s+/g, ' ');
    if (response.statusCode >= 500) findings.push(`${name}: server error ${response.statusCode}: ${excerpt}`);
    if (leaksStackTrace(response.headers['content-type']?.toString(), response.payload)) findings.push(`${name}: the body shows a stack trace`);
    const isPublic = publicRoutes.some((entry) => matches(entry, route));
    if (!isPublic && response.statusCode !== 401) {
      findings.push(`${name}: answered ${response.statusCode} without a token; protect it or add it to the public list with a reason: ${excerpt}`);
    }
  }
  for (const entry of publicRoutes) {
    if (!walked.some((route) => matches(entry, route)))
      findings.push(`public list: ${entry.method} ${String(entry.url)} is no longer registered; remove it from the list`);
  }
  return { findings, walked };
}

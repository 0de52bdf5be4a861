import type { ApiRoute } from '@sparks/contract';
import { fillPath } from '@sparks/contract/api-paths';
import type { z } from 'zod';
import { apiClient, type ApiClient, type RequestOptions } from './api-client';

type Params<R> = R extends { params: z.ZodType } ? { params: z.input<R['params']> } : { params?: never };
type Query<R> = R extends { query: z.ZodType } ? { query?: Partial<z.input<R['query']>> } : { query?: never };
/** A route without a body schema takes no body, or a form the route reads itself (an upload). */
type Body<R> = R extends { body: z.ZodType } ? { body: z.input<R['body']> } : { body?: FormData };

/** What one call of a route sends: its path parameters, query and body, as the contract types them. */
// Distributed over the routes once, as a whole: three conditionals distributed apart would multiply into every combination of every route's parts.
export type CallInput<R extends ApiRoute> = R extends ApiRoute ? Params<R> & Query<R> & Body<R> & Omit<RequestOptions, 'params'> : never;

/** What a route answers: the envelope's `data`, as the contract's schema parses it. */
export type RouteData<R extends ApiRoute> = z.output<R['response']> extends { data: infer D } ? D : z.output<R['response']>;

/**
 * One call of a route from the contract's table (docs/architecture.md §8): the path comes from the
 * same entry the server registers, and the answer is parsed with its schema, never cast.
 */
// The optional arguments as a rest tuple: a default (`{} as CallInput<R>`) makes the checker spell out every route's input at once.
export async function apiCall<R extends ApiRoute>(route: R, ...[input, client = apiClient]: [input?: CallInput<R>, client?: ApiClient]): Promise<RouteData<R>> {
  const { params, query, body, ...options } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: RequestOptions['params'];
    body?: unknown;
  } & RequestOptions;
  const data = await client.send<unknown>(route.method, fillPath(route.path, params), body, { ...options, params: query });
  const parsed = (route.response as z.ZodType).parse({ data }) as { data?: unknown };
  return parsed.data as RouteData<R>;
}

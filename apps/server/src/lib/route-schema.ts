import type { ApiRoute } from '@sparks/contract';
import type { z } from 'zod';

type RequestSchemas<R extends ApiRoute> = (R extends { params: infer P } ? { params: P } : unknown) &
  (R extends { query: infer Q } ? { querystring: Q } : unknown) &
  (R extends { body: infer B } ? { body: B } : unknown);

/**
 * A route's schemas as the contract states them (docs/architecture.md §8): what it reads, and its
 * success answer beside the error answers the route declares. The route file adds only what is
 * about the server (tags, summary, security, hooks); the path comes from the same entry.
 */
export function routeSchema<R extends ApiRoute, E extends Record<number, z.ZodType>>(
  route: R,
  errors: E,
): RequestSchemas<R> & { response: Record<R['status'], R['response']> & E } {
  const source = route as ApiRoute & { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  return {
    ...(source.params ? { params: source.params } : {}),
    ...(source.query ? { querystring: source.query } : {}),
    ...(source.body ? { body: source.body } : {}),
    response: { ...errors, [route.status]: route.response },
  } as RequestSchemas<R> & { response: Record<R['status'], R['response']> & E };
}

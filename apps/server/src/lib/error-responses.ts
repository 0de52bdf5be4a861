import { errorBodySchema } from '@sparks/contract';

/** The error answers a route file declares: every status has the same `{ errors, code, status }` body (decision 0002). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

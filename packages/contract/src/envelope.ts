import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

const errorCodeValues = Object.values(ERROR_CODES) as [string, ...string[]];

/**
 * Failure body of every endpoint. `errors` holds human-readable messages because the spec's
 * client joins that array with ', ' into one message; `code` is the stable machine-readable part.
 */
export const errorBodySchema = z.object({
  errors: z.array(z.string()).min(1),
  code: z.enum(errorCodeValues),
  status: z.number().int().min(400).max(599),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Success bodies are `{ data: ... }` (product.md §7: the client unwraps `data`). */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

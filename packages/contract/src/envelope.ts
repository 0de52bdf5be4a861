import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';
import { DECLARED_FILE_TYPES, FOUND_FILE_CONTENTS } from './file-mismatch.js';

const errorCodeValues = Object.values(ERROR_CODES) as [string, ...string[]];

/**
 * Failure body of every endpoint. `errors` holds human-readable messages because the spec's
 * client joins that array with ', ' into one message; `code` is the stable machine-readable part.
 * A FILE_TYPE_MISMATCH also says what the upload claimed and what its bytes hold, for the client's own words.
 */
export const errorBodySchema = z.object({
  errors: z.array(z.string()).min(1),
  code: z.enum(errorCodeValues),
  status: z.number().int().min(400).max(599),
  mismatch: z.object({ declared: z.enum(DECLARED_FILE_TYPES), found: z.enum(FOUND_FILE_CONTENTS) }).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Success bodies are `{ data: ... }` (product.md §7: the client unwraps `data`). */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

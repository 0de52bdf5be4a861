import { z } from 'zod';
import { dataEnvelope } from './envelope.js';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    vectors: z.boolean(),
    latencyMs: z.number(),
  }),
  /** When this installation first started; survives restarts, so it proves data persists. */
  installedAt: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = dataEnvelope(healthSchema);

import type { FastifyReply } from 'fastify';

/** Adds a field to Vary, keeping what other plugins (CORS: Origin) put there. */
export function addVary(reply: FastifyReply, field: string): void {
  const fields = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (fields.some((item) => item === '*' || item.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

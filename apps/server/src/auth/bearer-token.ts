import type { FastifyRequest } from 'fastify';

/** The access token an `Authorization: Bearer …` header carries, if any (a token of at most 4 KiB, nothing else). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  return match?.[1];
}

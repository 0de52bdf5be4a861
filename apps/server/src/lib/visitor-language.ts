import type { Language } from '@sparks/contract';
import type { FastifyRequest } from 'fastify';

/** The language a visitor's answer falls back to: the one asked for, else Spanish when their client prefers it, else English. */
export const visitorLanguage = (request: FastifyRequest, asked?: Language): Language =>
  asked ?? ((request.headers['accept-language'] ?? '').trim().toLowerCase().startsWith('es') ? 'es' : 'en');

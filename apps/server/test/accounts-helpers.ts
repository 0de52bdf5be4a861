import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxEmails } from '#src/db/schema.js';
import type { Language } from '@sparks/contract';

export const GOOD_PASSWORD = 'Valid-Pass1';

let counter = 0;
/** A fresh address per call, so tests never collide on uniqueness. */
export const freshEmail = (label = 'user'): string => `${label}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

/** Each simulated client gets its own address, so per-IP limits only bite where a test means them to. */
let ipCounter = 0;
export const freshIp = (): string => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;

export function register(app: FastifyInstance, email: string, options: { password?: string; language?: Language; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: options.ip ?? freshIp(),
    payload: { username: email, email, password: options.password ?? GOOD_PASSWORD, config: { language: options.language ?? 'en' } },
  });
}

export async function latestMail(app: FastifyInstance, to: string) {
  const [mail] = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt)).limit(1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

export const codeIn = (text: string): string => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
};

export const linkTokenIn = (text: string): string => {
  const match = /reset-password\?token=([\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
};

/** `userAgent` stands for another browser; without it every call comes from the same one. */
export function post(app: FastifyInstance, url: string, payload: unknown, options: { token?: string; ip?: string; userAgent?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: options.ip ?? freshIp(),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
  });
}

export function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  refresh_Token: string;
}

export function tokensOf(response: LightMyRequestResponse): Tokens {
  expect(response.statusCode, response.payload).toBe(200);
  return (response.json() as { data: Tokens }).data;
}

/** Registers and verifies an account through the public API, returning its first tokens. */
export async function verifiedAccount(app: FastifyInstance, email = freshEmail(), language: Language = 'en') {
  expect((await register(app, email, { language })).statusCode).toBe(201);
  const code = codeIn((await latestMail(app, email)).text);
  const tokens = tokensOf(await post(app, '/auth/verify-code', { username: email, code }));
  return { email, tokens };
}

export const errorOf = (response: LightMyRequestResponse) => response.json() as { errors: string[]; code: string; status: number };

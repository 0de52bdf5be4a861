import type { AssignableRole, Language } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { freshEmail, freshIp, latestMail, verifiedAccount } from './accounts-helpers.js';

/** The secret of the invitation link in an e-mail. */
export const invitationTokenIn = (text: string): string => {
  const match = /\/invitation\?token=([\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(match[1]);
};

export function call(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

/** An invitation sent from an address of its own: the per-address limit is for floods, which the tests send on purpose only. */
export function invite(app: FastifyInstance, token: string, email: string, role: AssignableRole, language?: Language) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/team/invitations',
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}` },
    payload: { email, role, ...(language ? { language } : {}) },
  });
}

/** A person invited with a role, signed up with the address invited, who accepted: their tokens act for the inviter's account. */
export async function memberAs(app: FastifyInstance, owner: { token: string }, role: AssignableRole) {
  const email = freshEmail(role);
  expect((await invite(app, owner.token, email, role)).statusCode).toBe(201);
  const link = invitationTokenIn((await latestMail(app, email)).text);
  const person = await verifiedAccount(app, email);
  const accepted = await call(app, person.tokens.access_token, 'POST', `/invitations/${link}/accept`);
  expect(accepted.statusCode, accepted.payload).toBe(200);
  const userId = (await app.accessTokens.verify(person.tokens.access_token)).userId;
  return { email, userId, tokens: person.tokens, token: person.tokens.access_token };
}

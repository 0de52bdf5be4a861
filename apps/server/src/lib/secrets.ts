import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for links and refresh tokens (256 bits, URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A uniformly random 6-digit code. */
export const randomCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Tokens with 256 bits of entropy need no salt or slow hash: SHA-256 makes a stolen table useless. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Short codes are guessable offline, so they are keyed with the server secret. */
export const hmac = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

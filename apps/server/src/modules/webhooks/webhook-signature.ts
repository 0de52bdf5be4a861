import { createHmac } from 'node:crypto';

/**
 * The `Sparks-Signature` header of a delivery (docs/decisions/0044): the time it was signed and the
 * hex HMAC-SHA256 of "<time>.<raw body>" under the endpoint's secret. Signing the time with the
 * body lets a receiver refuse an old delivery sent again.
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

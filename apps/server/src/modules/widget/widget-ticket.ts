import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'sparks-widget';
const TICKET_TTL = '12h';

export interface TicketClaims {
  sparkId: string;
  /** The website the frame was opened on, when the browser said (its Referer); null otherwise. */
  origin: string | null;
}

/**
 * The signed ticket a widget frame carries: proof that the frame was served for this Spark
 * (inside an allowed website, which the frame's CSP frame-ancestors enforces in the browser).
 * Its key is derived from the app's secret for this one purpose, so it can never pass as a session.
 */
export class WidgetTicket {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`sparks widget ticket\u0000${appSecret}`).digest();
  }

  issue(claims: TicketClaims): Promise<string> {
    return new SignJWT({ org: claims.origin })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sparkId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TICKET_TTL)
      .sign(this.key);
  }

  /** The ticket's claims, or null when it is forged, expired or not a widget ticket. */
  async verify(ticket: string): Promise<TicketClaims | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, { audience: AUDIENCE, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') return null;
      return { sparkId: payload.sub, origin: typeof payload.org === 'string' ? payload.org : null };
    } catch {
      return null;
    }
  }
}

import { ERROR_CODES } from '@sparks/contract';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../lib/app-error.js';

const TYPE = 'at+jwt';
const AUDIENCE = 'sparks-api';
const ISSUER = 'sparks';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/**
 * Short-lived HS256 access tokens. Verification pins the algorithm, type, issuer and audience,
 * so `alg: none`, other token kinds and tokens of other systems are all refused.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: TYPE,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims of the wrong type');
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      throw new AppError(403, ERROR_CODES.TOKEN_INVALID, 'Your session has expired. Please log in again.');
    }
  }
}

import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/** What a library connection holds: never sent to a browser, stored only as `seal`'s output. */
export interface LibraryTokens {
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Encrypts connection tokens at rest (JWE, direct AES-256-GCM) with a key derived from the app's
 * secret: a copy of the database alone opens no one's library. Changing the secret makes every
 * stored connection unreadable, which the sync treats as a consent to renew.
 */
export class TokenVault {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = new Uint8Array(hkdfSync('sha256', appSecret, 'sparks', 'library connection tokens v1', 32));
  }

  seal(tokens: LibraryTokens): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(tokens))).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(this.key);
  }

  /** Undefined when the blob was sealed with another key or altered. */
  async open(sealed: string): Promise<LibraryTokens | undefined> {
    try {
      const { plaintext } = await compactDecrypt(sealed, this.key);
      const value = JSON.parse(new TextDecoder().decode(plaintext)) as Partial<LibraryTokens>;
      if (typeof value.accessToken !== 'string' || typeof value.refreshToken !== 'string' || typeof value.expiresAt !== 'number') return undefined;
      return { accessToken: value.accessToken, refreshToken: value.refreshToken, expiresAt: value.expiresAt };
    } catch {
      return undefined;
    }
  }
}

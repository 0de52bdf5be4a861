import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/**
 * Encrypts secrets at rest (JWE, direct AES-256-GCM) with a key derived from the app's secret and
 * a purpose: a copy of the database alone opens nothing, and a blob sealed for one purpose does
 * not open for another. Changing the app's secret makes every sealed value unreadable.
 */
export class SecretBox {
  private readonly key: Uint8Array;

  constructor(appSecret: string, purpose: string) {
    this.key = new Uint8Array(hkdfSync('sha256', appSecret, 'sparks', purpose, 32));
  }

  seal(value: unknown): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value))).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(this.key);
  }

  /** The value sealed, or undefined when it was sealed with another key or purpose, or altered. */
  async open(sealed: string): Promise<unknown> {
    try {
      const { plaintext } = await compactDecrypt(sealed, this.key);
      return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
    } catch {
      return undefined;
    }
  }
}

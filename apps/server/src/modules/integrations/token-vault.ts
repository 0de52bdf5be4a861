import { SecretBox } from '../../lib/secret-box.js';

/** What a library connection holds: never sent to a browser, stored only as `seal`'s output. */
export interface LibraryTokens {
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Library connection tokens sealed at rest (lib/secret-box.ts). Changing the app's secret makes
 * every stored connection unreadable, which the sync treats as a consent to renew.
 */
export class TokenVault {
  private readonly box: SecretBox;

  constructor(appSecret: string) {
    this.box = new SecretBox(appSecret, 'library connection tokens v1');
  }

  seal(tokens: LibraryTokens): Promise<string> {
    return this.box.seal(tokens);
  }

  /** Undefined when the blob was sealed with another key or altered. */
  async open(sealed: string): Promise<LibraryTokens | undefined> {
    const value = (await this.box.open(sealed)) as Partial<LibraryTokens> | undefined;
    if (typeof value?.accessToken !== 'string' || typeof value.refreshToken !== 'string' || typeof value.expiresAt !== 'number') return undefined;
    return { accessToken: value.accessToken, refreshToken: value.refreshToken, expiresAt: value.expiresAt };
  }
}

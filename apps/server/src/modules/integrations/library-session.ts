import type { GraphSession } from './graph-client.js';
import { ConsentRevokedError, type MicrosoftOAuth } from './microsoft-oauth.js';
import type { IntegrationsRepository } from './integrations-repository.js';
import type { LibraryTokens, TokenVault } from './token-vault.js';

/** Renew a little before expiry, so a request never leaves with a token about to lapse. */
const EARLY_MS = 60_000;

/**
 * Bearer tokens for one connection: opened from the vault, refreshed when they lapse or Graph
 * refuses them, and the rotated pair sealed back at once (a refresh token is single-use).
 */
export function librarySession(
  row: { id: string; tokens: string },
  deps: { vault: TokenVault; oauth: MicrosoftOAuth; repository: IntegrationsRepository },
): GraphSession {
  let current: Promise<LibraryTokens> | undefined;
  const opened = async (): Promise<LibraryTokens> => {
    const tokens = await deps.vault.open(row.tokens);
    if (!tokens) throw new ConsentRevokedError(new Error('stored tokens cannot be read'));
    return tokens;
  };
  const refresh = async (tokens: LibraryTokens): Promise<LibraryTokens> => {
    const fresh = await deps.oauth.refresh(tokens);
    const sealed = await deps.vault.seal(fresh);
    row.tokens = sealed;
    await deps.repository.saveTokens(row.id, sealed);
    return fresh;
  };
  return {
    async token() {
      current ??= opened().then((tokens) => (tokens.expiresAt - EARLY_MS <= Date.now() ? refresh(tokens) : tokens));
      return (await current).accessToken;
    },
    async renew() {
      const previous = current ? await current : await opened();
      current = refresh(previous);
      return (await current).accessToken;
    },
  };
}

import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '@sparks/contract/constants';
import { create } from 'zustand';

export interface StoredTokens {
  access_token: string;
  refresh_token?: string;
  refresh_Token?: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** Keys that outlive a logout: the language is the user's choice for this browser, not session data. */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.language];

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Empties a storage except for the kept keys (product.md §4: logout and failed refresh clear storage). */
export function clearStorage(storage: KeyValueStorage | undefined): void {
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
  for (const key of keys) if (!KEPT_ON_LOGOUT.includes(key)) storage.removeItem(key);
}

/** Tells the server this browser holds a session (SIGNED_IN_COOKIE), so its pages announce the signed-in screens' code. */
export function markSignedIn(signedIn: boolean): void {
  try {
    if (typeof document === 'undefined') return;
    document.cookie = signedIn
      ? `${SIGNED_IN_COOKIE.name}=1; Max-Age=${SIGNED_IN_COOKIE.maxAgeDays * 24 * 3600}; path=/; SameSite=Lax`
      : `${SIGNED_IN_COOKIE.name}=; Max-Age=0; path=/`;
  } catch {
    // Cookies can be refused; the pages then only lack the hint.
  }
}

export type SignOutReason = 'logout' | 'expired';

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Why the last session ended: after a deliberate logout there is no page to come back to. */
  endedBy: SignOutReason | null;
  signIn(tokens: StoredTokens): void;
  signOut(reason: SignOutReason): void;
  /**
   * Takes the tokens another tab stored after refreshing, when they are newer than this tab's;
   * says whether it did. Refreshing again with the spent token would end the session as theft.
   */
  adoptStored(): boolean;
}

/**
 * The signed-in state (product.md §4: signed in means an access token exists), mirrored to the spec's
 * storage keys so a reload or another tab sees the same session.
 */
export function createSessionStore(storage: KeyValueStorage | undefined) {
  return create<SessionState>((set, get) => ({
    accessToken: storage?.getItem(STORAGE_KEYS.accessToken) ?? null,
    refreshToken: storage?.getItem(STORAGE_KEYS.refreshToken) ?? null,
    endedBy: null,
    signIn(tokens) {
      const refresh = tokens.refresh_token ?? tokens.refresh_Token ?? null;
      storage?.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
      if (refresh) storage?.setItem(STORAGE_KEYS.refreshToken, refresh);
      set({ accessToken: tokens.access_token, refreshToken: refresh, endedBy: null });
      markSignedIn(true);
    },
    signOut(reason) {
      clearStorage(storage);
      markSignedIn(false);
      try {
        globalThis.sessionStorage?.clear();
        if (typeof document !== 'undefined') document.cookie = `${STORAGE_KEYS.activeSparkId}=; Max-Age=0; path=/`;
      } catch {
        // Storage can be unavailable (private modes); there is then nothing to clear.
      }
      set({ accessToken: null, refreshToken: null, endedBy: reason });
    },
    adoptStored() {
      const accessToken = storage?.getItem(STORAGE_KEYS.accessToken) ?? null;
      const refreshToken = storage?.getItem(STORAGE_KEYS.refreshToken) ?? null;
      if (!accessToken || !refreshToken || refreshToken === get().refreshToken) return false;
      set({ accessToken, refreshToken, endedBy: null });
      return true;
    },
  }));
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const useSession = createSessionStore(browserStorage());
// A session kept from an earlier visit (or from before the hint existed) is announced too.
markSignedIn(useSession.getState().accessToken !== null);

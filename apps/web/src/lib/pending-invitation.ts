/**
 * An invitation opened while signed out, kept for the tab until its owner has signed in or signed
 * up (which may pass through the code screen and onboarding): then the app goes back to it once.
 */
const KEY = 'pendingInvitation';
const INVITATION_PATH = /^\/invitation\?token=[\w%-]{1,200}$/;

export function rememberInvitation(path: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  if (INVITATION_PATH.test(path)) storage?.setItem(KEY, path);
}

/** The invitation to go back to, once: it is forgotten as it is read. Only an invitation's own path is ever returned. */
export function takeInvitation(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined = globalThis.sessionStorage): string | null {
  const path = storage?.getItem(KEY) ?? null;
  if (path === null) return null;
  storage?.removeItem(KEY);
  return INVITATION_PATH.test(path) ? path : null;
}

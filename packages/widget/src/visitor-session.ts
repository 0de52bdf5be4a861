/** The visitor's session token, kept where this frame may keep it. */
export interface VisitorSession {
  /** False where the browser refuses the frame storage: the visitor is told it will not be kept. */
  kept: boolean;
  stored(): string | null;
  keep(token: string): void;
}

/**
 * Where the browser refuses this frame storage (third-party storage blocked, some private modes),
 * the session lives in memory: the conversation goes on while the page is open, one session for
 * all its questions, and the visitor is told it will not be kept after they leave.
 */
export function visitorSession(key: string): VisitorSession {
  let page: string | null = null;
  const kept = ((): boolean => {
    try {
      localStorage.setItem(`${key}:probe`, '1');
      localStorage.removeItem(`${key}:probe`);
      return true;
    } catch {
      return false;
    }
  })();
  return {
    kept,
    stored() {
      if (!kept) return page;
      try {
        return localStorage.getItem(key) ?? page;
      } catch {
        return page;
      }
    },
    keep(token) {
      page = token;
      if (!kept) return;
      try {
        localStorage.setItem(key, token);
      } catch {
        // Refused after all (storage full): the page keeps it.
      }
    },
  };
}

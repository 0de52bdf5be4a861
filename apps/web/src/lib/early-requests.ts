import { API_PATHS } from '@sparks/contract/api-paths';
import { API_BASE_PATH, STORAGE_KEYS } from '@sparks/contract/constants';

/** What every signed-in first screen waits for before it draws: the user (every screen) and their Sparks (home, a Spark, its tests). */
const EARLY_PATHS = [API_PATHS.getProfile.path, API_PATHS.listSparks.path] as const;
type EarlyPath = (typeof EARLY_PATHS)[number];

const pending = new Map<EarlyPath, Promise<unknown>>();
/** The screen the early answers were asked for. */
let askedFor: string | undefined;

const currentPath = (): string | undefined => globalThis.location?.pathname;

/**
 * Asks for what a signed-in screen needs first as soon as the page's first script runs, beside the
 * screen's code instead of after it: on a slow phone line the code alone takes a second or more.
 * Plain requests with the stored token; anything but a clean answer is left to the API client,
 * which refreshes the token and asks again.
 */
export function askEarly(): void {
  let token: string | null = null;
  try {
    token = globalThis.localStorage?.getItem(STORAGE_KEYS.accessToken) ?? null;
  } catch {
    return;
  }
  if (!token || typeof fetch !== 'function') return;
  askedFor = currentPath();
  for (const path of EARLY_PATHS) {
    pending.set(
      path,
      fetch(`${API_BASE_PATH}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
        .then(async (response) => (response.ok ? ((await response.json()) as { data?: unknown }).data : undefined))
        .catch(() => undefined),
    );
  }
}

/**
 * The early answer for a path, once: its data, or undefined when there was none or it failed.
 * It tells how things stood when the page opened, so only the screen the page opened on takes it:
 * a screen reached later (the Spark a phone's new-spark chat just created, whose list nobody on
 * that screen had asked for yet) asks the API again.
 */
export async function takeEarly(path: EarlyPath): Promise<unknown> {
  const answer = pending.get(path);
  pending.delete(path);
  if (currentPath() !== askedFor) {
    pending.clear();
    return undefined;
  }
  return answer;
}

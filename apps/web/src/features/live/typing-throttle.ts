/** The visitor sees "typing" from one signal; sending one per keystroke would only load the server. */
export const TYPING_EVERY_MS = 3000;

/** Says whether a keystroke should signal typing: at most one signal every `everyMs`. */
export function typingThrottle(now: () => number = Date.now, everyMs: number = TYPING_EVERY_MS): () => boolean {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < everyMs) return false;
    last = at;
    return true;
  };
}

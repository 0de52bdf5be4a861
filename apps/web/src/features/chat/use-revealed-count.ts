import { useEffect, useState } from 'react';
import type { ChatEntry } from './chat-reducer';
import { revealedCount } from './chat-rules';

/** How many entries may show now (product.md §4 message delays), re-rendering when the next one is due. */
export function useRevealedCount(entries: readonly ChatEntry[]): number {
  const [now, setNow] = useState(() => Date.now());
  const times = entries.map((entry) => entry.revealAt);
  const count = revealedCount(times, now);
  const nextAt = times[count];
  useEffect(() => {
    if (nextAt === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextAt - Date.now()));
    return () => clearTimeout(timer);
    // `now` re-arms the timer should it fire a moment early.
  }, [nextAt, now]);
  return count;
}

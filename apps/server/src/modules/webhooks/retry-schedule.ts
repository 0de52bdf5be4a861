import { WEBHOOK_LIMITS } from '@sparks/contract';

/** Waits after each failed try, in seconds; past the last, every wait is the last's. */
const WAITS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];

/**
 * When a failing delivery is tried next: sooner at first, then every eight hours, and never once a
 * day has passed since the event (null: it is marked failed).
 */
export function nextAttemptAt(createdAt: Date, attempts: number, now = new Date()): Date | null {
  const wait = WAITS[Math.min(attempts - 1, WAITS.length - 1)]!;
  const next = new Date(now.getTime() + wait * 1000);
  return next.getTime() - createdAt.getTime() > WEBHOOK_LIMITS.retryHours * 3_600_000 ? null : next;
}

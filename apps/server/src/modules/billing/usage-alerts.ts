import { PLANS, planFromSlug, type Language } from '@sparks/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { tenants, usageCounters, users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { usageAlertEmail } from './usage-alert-email.js';

/** The shares of the month's interactions an owner hears about, once each per month. */
const THRESHOLDS = [100, 80] as const;

const periodOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * E-mails each owner whose tenant crossed 80 % or 100 % of this month's interactions since the
 * last pass. The threshold is marked by a conditional update before the mail goes, so of two
 * workers only one sends it; a mail that fails is unmarked and tried again. Not one transaction:
 * the outbox mailer writes to the same database, which the embedded default serves on one
 * connection. Returns how many e-mails were sent.
 */
export async function sendUsageAlerts(db: Db, mailer: Mailer, billingUrl: string, now: Date): Promise<number> {
  const candidates = await db
    .select({ tenantId: usageCounters.tenantId, interactions: usageCounters.interactions, alerted: usageCounters.alertedPercent, planSlug: tenants.planSlug })
    .from(usageCounters)
    .innerJoin(tenants, eq(tenants.id, usageCounters.tenantId))
    .where(and(eq(usageCounters.period, periodOf(now)), lt(usageCounters.alertedPercent, 100), sql`${usageCounters.interactions} > 0`));
  let sent = 0;
  for (const candidate of candidates) {
    const limit = (planFromSlug(candidate.planSlug) ?? PLANS.free).limits.interactionsPerMonth;
    const percent = THRESHOLDS.find((threshold) => limit > 0 && candidate.interactions * 100 >= threshold * limit);
    if (!percent || percent <= candidate.alerted) continue;
    const [marked] = await db
      .update(usageCounters)
      .set({ alertedPercent: percent })
      .where(and(eq(usageCounters.tenantId, candidate.tenantId), eq(usageCounters.period, periodOf(now)), lt(usageCounters.alertedPercent, percent)))
      .returning({ interactions: usageCounters.interactions });
    // Another worker marked it first: that one sends the e-mail.
    if (!marked) continue;
    const [owner] = await db
      .select({ email: users.email, language: users.language })
      .from(tenants)
      .innerJoin(users, eq(users.id, tenants.ownerId))
      .where(eq(tenants.id, candidate.tenantId))
      .limit(1);
    if (!owner) continue;
    const language: Language = owner.language === 'es' ? 'es' : 'en';
    try {
      await mailer.send(usageAlertEmail(owner.email, language, { used: marked.interactions, limit, percent }, billingUrl));
    } catch (error) {
      // Unmarked again, so the job's retry (or the next pass) sends it.
      await db
        .update(usageCounters)
        .set({ alertedPercent: candidate.alerted })
        .where(and(eq(usageCounters.tenantId, candidate.tenantId), eq(usageCounters.period, periodOf(now)), eq(usageCounters.alertedPercent, percent)));
      throw error;
    }
    sent += 1;
  }
  return sent;
}

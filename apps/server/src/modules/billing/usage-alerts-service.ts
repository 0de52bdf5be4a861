import { PLANS, planFromSlug, type Language } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { usageAlertEmail } from './usage-alert-email.js';
import { UsageAlertsRepository } from './usage-alerts-repository.js';

/** The shares of the month's interactions an owner hears about, once each per month. */
const THRESHOLDS = [100, 80] as const;

const periodOf = (date: Date) => date.toISOString().slice(0, 7);

export interface UsageAlertsDeps {
  mailer: Mailer;
  /** The billing page the e-mails link to. */
  billingUrl: string;
}

/** The owners' e-mails at 80 % and 100 % of the month's interactions. */
export class UsageAlertsService {
  private readonly repository: UsageAlertsRepository;

  constructor(
    db: Db,
    private readonly deps: UsageAlertsDeps,
  ) {
    this.repository = new UsageAlertsRepository(db);
  }

  /**
   * E-mails each owner whose tenant crossed 80 % or 100 % of this month's interactions since the
   * last pass. The threshold is marked by a conditional update before the mail goes, so of two
   * workers only one sends it; a mail that fails is unmarked and tried again. Not one transaction:
   * the outbox mailer writes to the same database, which the embedded default serves on one
   * connection. Returns how many e-mails were sent.
   */
  async send(now: Date): Promise<number> {
    const period = periodOf(now);
    let sent = 0;
    for (const candidate of await this.repository.candidates(period)) {
      const limit = (planFromSlug(candidate.planSlug) ?? PLANS.free).limits.interactionsPerMonth;
      const percent = THRESHOLDS.find((threshold) => limit > 0 && candidate.interactions * 100 >= threshold * limit);
      if (!percent || percent <= candidate.alerted) continue;
      const marked = await this.repository.mark(candidate.tenantId, period, percent);
      // Another worker marked it first: that one sends the e-mail.
      if (!marked) continue;
      const owner = await this.repository.owner(candidate.tenantId);
      if (!owner) continue;
      const language: Language = owner.language === 'es' ? 'es' : 'en';
      try {
        await this.deps.mailer.send(usageAlertEmail(owner.email, language, { used: marked.interactions, limit, percent }, this.deps.billingUrl));
      } catch (error) {
        // Unmarked again, so the job's retry (or the next pass) sends it.
        await this.repository.unmark(candidate.tenantId, period, percent, candidate.alerted);
        throw error;
      }
      sent += 1;
    }
    return sent;
  }
}

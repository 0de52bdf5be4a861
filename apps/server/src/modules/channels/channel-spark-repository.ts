import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sparks, tenants } from '../../db/schema.js';

/** What every channel needs to know of a Spark to answer its visitors: whose it is, whether the account is active, its plan and daily caps. */
export interface ChannelSpark {
  sparkId: string;
  tenantId: string;
  tenantStatus: string;
  planSlug: string;
  /** The owner's daily caps; null follows the plan's default. */
  visitorDailyCap: number | null;
  sparkDailyCap: number | null;
}

export class ChannelSparkRepository {
  constructor(private readonly db: Db) {}

  async byId(sparkId: string): Promise<ChannelSpark | undefined> {
    const [row] = await this.db
      .select({
        sparkId: sparks.id,
        tenantId: sparks.tenantId,
        tenantStatus: tenants.status,
        planSlug: tenants.planSlug,
        visitorDailyCap: sparks.widgetVisitorDailyCap,
        sparkDailyCap: sparks.widgetSparkDailyCap,
      })
      .from(sparks)
      .innerJoin(tenants, eq(tenants.id, sparks.tenantId))
      .where(eq(sparks.id, sparkId))
      .limit(1);
    return row;
  }
}

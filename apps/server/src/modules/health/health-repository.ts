import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appMeta } from '../../db/schema.js';

const INSTALLED_AT = 'installed_at';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** Records the first start once; later starts read the same value back. */
  async installedAt(): Promise<string> {
    await this.db.insert(appMeta).values({ key: INSTALLED_AT, value: new Date().toISOString() }).onConflictDoNothing({ target: appMeta.key });
    const [row] = await this.db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, INSTALLED_AT));
    if (!row) throw new Error('installed_at missing right after insert');
    return row.value;
  }
}

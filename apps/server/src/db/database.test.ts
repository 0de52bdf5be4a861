import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { HealthRepository } from '../modules/health/health-repository.js';
import { openDatabase } from './database.js';

describe.each(testDatabaseTargets())('database on $name', (target) => {
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  const dir = makeTempDir();

  beforeAll(async () => {
    ({ databaseUrl, drop } = await target.create());
  });
  afterAll(async () => {
    await drop();
    dir.remove();
  });

  it('applies the committed migrations and keeps data across a close and reopen', async () => {
    const first = await openDatabase({ databaseUrl, dataDir: dir.path });
    expect(first.engine).toBe(target.name);
    const installedAt = await new HealthRepository(first.db).installedAt();
    await first.close();

    const second = await openDatabase({ databaseUrl, dataDir: dir.path });
    expect(await new HealthRepository(second.db).installedAt()).toBe(installedAt);
    const applied = (await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(applied.rows[0]?.n).toBeGreaterThan(0);
    await second.close();
  });

  it('turns vectors on exactly when the server has pgvector', async () => {
    const database = await openDatabase({ databaseUrl, dataDir: dir.path });
    const available = (await database.db.execute(sql`select count(*)::int as n from pg_available_extensions where name = 'vector'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(database.vectors).toBe(available.rows[0]?.n === 1);
    if (target.name === 'pglite') expect(database.vectors).toBe(true);
    if (database.vectors) {
      const distance = (await database.db.execute(sql`select '[1,2,3]'::vector <-> '[1,2,4]'::vector as d`)) as unknown as {
        rows: Array<{ d: number }>;
      };
      expect(Number(distance.rows[0]?.d)).toBeCloseTo(1);
    }
    await database.close();
  });
});

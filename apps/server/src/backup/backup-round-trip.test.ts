import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3Server, type FakeS3Server } from '../../../../test/support/fake-s3-server.js';
import {
  apiAnswers,
  expectSameAnswers,
  runCommand,
  seedContent,
  startInstallation,
  withGeneratedSecret,
  type Installation,
  type Seeded,
} from '#test/backup-helpers.js';
import { backupScratch } from '#test/backup-scratch.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { CHUNK_EMBEDDINGS_DDL } from '../db/chunk-embeddings-table.js';
import { rowsOf } from '../db/sql-results.js';
import { serveBackups } from './serve-backups.js';

const ROUND_TRIP_MS = 180_000;

const embeddingsOf = async (app: FastifyInstance) =>
  rowsOf(await app.database.db.execute(sql`select chunk_id::text, embedding::text from chunk_embeddings order by chunk_id`));

describe.each(testDatabaseTargets())('backup and restore on $name', (target) => {
  const made = backupScratch();
  let source: Installation;
  let app: FastifyInstance;
  let seeded: Seeded;
  let before: Awaited<ReturnType<typeof apiAnswers>>;
  const archive = made.archive('sparks.tar');

  beforeAll(async () => {
    source = withGeneratedSecret(await made.installation(target));
    app = await startInstallation(source);
    made.later(() => app.close());
    seeded = await seedContent(app);
    if (target.name === 'pglite') {
      // Embeddings as a configured model leaves them (the table exists only then), to see them carried.
      for (const statement of CHUNK_EMBEDDINGS_DDL) await app.database.db.execute(sql.raw(statement));
      await app.database.db.execute(sql`insert into chunk_embeddings select id, spark_id, '[0.5,0.25,-1.125]'::vector from document_chunks`);
    }
    before = await apiAnswers(app, seeded);
  }, ROUND_TRIP_MS);

  it(
    'writes one archive while the server runs; requests made meanwhile all succeed',
    async () => {
      if (target.name === 'pglite') {
        // Without the socket nobody can ask the server, and opening its folder from a second process is refused.
        const refused = await runCommand(source, 'backup', made.archive('refused.tar'));
        expect(refused.err).toMatch(/^backup failed: the embedded database in .* is open in another process/);
        expect((await runCommand(source, 'restore', archive, '--replace')).err).toMatch(/^restore failed: .*does not exist/);
      }
      const backups = await serveBackups(app);
      try {
        const during = Array.from({ length: 20 }, () =>
          app.inject({ method: 'GET', url: '/api/v1/sparks', headers: { authorization: `Bearer ${seeded.token}` } }),
        );
        const result = await runCommand(source, 'backup', archive);
        expect(result.code, result.err).toBe(0);
        expect(result.out).toContain(target.name === 'pglite' ? 'Backup written (through the running server)' : 'Backup written:');
        expect(result.out).toMatch(/files: 2 /);
        expect(result.out).toContain('JWT secret: included');
        expect((await Promise.all(during)).map((response) => response.statusCode)).toEqual(Array(20).fill(200));
        if (target.name === 'pglite') {
          expect((await runCommand(source, 'restore', archive, '--replace')).err).toMatch(/^restore failed: a Sparks server \(pid \d+\) is running on/);
        }
      } finally {
        await backups?.close();
      }
      expect((await runCommand(source, 'backup', archive)).err).toMatch(/^backup failed: .*already exists/);
    },
    ROUND_TRIP_MS,
  );

  it(
    'restores into a fresh target that answers the same, logs in, and keeps sessions signed with the restored secret',
    async () => {
      const fresh = await made.installation(target);
      const result = await runCommand(fresh, 'restore', archive);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain('0 newer migration(s) applied');
      expect(result.out).toContain('JWT secret: restored');
      expect(readdirSync(fresh.dataDir).filter((name) => name.startsWith('.restore'))).toEqual([]);
      const restored = await startInstallation(fresh);
      made.later(() => restored.close());
      await expectSameAnswers(restored, seeded, before);
      if (target.name === 'pglite') expect(await embeddingsOf(restored)).toEqual(await embeddingsOf(app));
      // The restored passages are searchable as they were: the index and spark_terms came back whole.
      const terms = async (one: FastifyInstance) => rowsOf(await one.database.db.execute(sql`select spark_id, lexeme, chunks from spark_terms order by 1, 2`));
      expect(await terms(restored)).toEqual(await terms(app));
      await restored.close();

      const again = await runCommand(fresh, 'restore', archive);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/^restore failed: .* already holds data: restore into an empty one, or add --replace/);
    },
    ROUND_TRIP_MS,
  );

  it(
    'replaces a target that holds other data only when told to',
    async () => {
      const other = await made.installation(target);
      const otherApp = await startInstallation(other);
      await seedContent(otherApp);
      await otherApp.close();
      const refused = await runCommand(other, 'restore', archive);
      expect(refused.code).toBe(1);
      const replaced = await runCommand(other, 'restore', archive, '--replace');
      expect(replaced.code, replaced.err).toBe(0);
      const restored = await startInstallation(other);
      made.later(() => restored.close());
      await expectSameAnswers(restored, seeded, before);
      const users = rowsOf(await restored.database.db.execute(sql`select count(*)::int as n from users`));
      expect(users[0]?.n).toBe(2);
      // Only the backup's files remain.
      expect(readdirSync(join(other.dataDir, 'files'), { recursive: true }).filter((name) => String(name).endsWith(seeded.documentIds[0]!))).toHaveLength(1);
    },
    ROUND_TRIP_MS,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving between the embedded default and PostgreSQL', () => {
  const made = backupScratch();
  const postgres = testDatabaseTargets().find((target) => target.name === 'postgres')!;
  let s3: FakeS3Server;

  beforeAll(async () => {
    s3 = await startFakeS3Server({ accessKeyId: 'TESTKEY' });
  });
  afterAll(async () => s3?.close());

  it(
    'embedded → PostgreSQL with S3 → embedded again: one backup and one restore each way',
    async () => {
      const embedded = withGeneratedSecret(await made.installation(undefined));
      const app = await startInstallation(embedded);
      const seeded = await seedContent(app);
      for (const statement of CHUNK_EMBEDDINGS_DDL) await app.database.db.execute(sql.raw(statement));
      await app.database.db.execute(sql`insert into chunk_embeddings select id, spark_id, '[1,2,3]'::vector from document_chunks`);
      const before = await apiAnswers(app, seeded);
      await app.close();
      const first = made.archive('embedded.tar');
      expect((await runCommand(embedded, 'backup', first)).code).toBe(0);

      const scaled = await made.installation(postgres, s3);
      const toPostgres = await runCommand(scaled, 'restore', first);
      expect(toPostgres.code, toPostgres.err).toBe(0);
      const scaledApp = await startInstallation(scaled);
      made.later(() => scaledApp.close());
      if (!scaledApp.database.vectors) expect(toPostgres.out).toMatch(/note: chunk_embeddings \(\d+ rows\) was left out: this database has no pgvector/);
      expect([...s3.objects.keys()].filter((key) => seeded.documentIds.some((id) => key.endsWith(id)))).toHaveLength(2);
      expect(existsSync(join(scaled.dataDir, 'files'))).toBe(false);
      await expectSameAnswers(scaledApp, seeded, before);
      await scaledApp.close();

      const second = made.archive('scaled.tar');
      const fromPostgres = await runCommand(scaled, 'backup', second);
      expect(fromPostgres.code, fromPostgres.err).toBe(0);
      // Replacing in place also removes objects the backup does not have from the bucket.
      const stray = 'tenants/00000000-0000-0000-0000-000000000000/sparks/x/documents/stray';
      s3.objects.set(stray, Buffer.from('left over'));
      expect((await runCommand(scaled, 'restore', second)).err).toMatch(/already holds data/);
      expect((await runCommand(scaled, 'restore', second, '--replace')).code).toBe(0);
      expect(s3.objects.has(stray)).toBe(false);
      expect([...s3.objects.keys()].filter((key) => seeded.documentIds.some((id) => key.endsWith(id)))).toHaveLength(2);
      const back = await made.installation(undefined);
      expect((await runCommand(back, 'restore', second)).code).toBe(0);
      const backApp = await startInstallation(back);
      made.later(() => backApp.close());
      await expectSameAnswers(backApp, seeded, before);
    },
    ROUND_TRIP_MS,
  );
});

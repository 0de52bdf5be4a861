/**
 * Backup benchmark (issue: backups and safe upgrades): an embedded data folder holding 10k
 * passages of ~550 words (the size the chunker cuts, ~800 tokens) in 20 documents whose files
 * add up to 100 MB, measured in one run:
 * - `npm run backup`'s work (writeBackup from the folder, the server stopped) and how long it
 *   held the database (what requests wait for when the server is running);
 * - `npm run restore`'s work into an empty folder;
 * - beside them, a plain tar of the same data folder and its extraction (node-tar, no compression),
 *   and, when PostgreSQL answers, the same archive restored into PostgreSQL and backed up from it.
 * The files are random bytes: like PDFs and Office files they do not compress. Prints a table and
 * writes bench/results/backup.json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { create, extract } from 'tar';
import { openBackupSource } from '../apps/server/src/backup/backup-source.js';
import { restoreBackup } from '../apps/server/src/backup/restore-backup.js';
import { writeBackup, type BackupSummary } from '../apps/server/src/backup/write-backup.js';
import { loadConfig } from '../apps/server/src/config/load-config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { SEARCH_CONFIGS } from '../apps/server/src/modules/documents/search-text.js';
import { createFileStorage } from '../apps/server/src/storage/create-file-storage.js';
import { createSpark, createTenant } from './chunk-corpus.js';
import { HEADINGS, generator, paragraph } from './handbook-text.js';
import { scratchPostgres } from './scratch-postgres.js';
import { round } from './stats.js';

const RESULTS = join(import.meta.dirname, 'results');
const PASSAGES = 10_000;
const WORDS_PER_PASSAGE = 550;
const DOCUMENTS = 20;
const FILE_BYTES = 5 * 2 ** 20;
const MB = 2 ** 20;

const root = mkdtempSync(join(tmpdir(), 'sparks-bench-backup-'));
/** Bytes of every file under a folder. */
const folderBytes = (folder: string): number =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);

/** The data folder: the schema, 10k passages over 20 documents, and each document's file. */
async function makeDataFolder(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const owner = await createTenant(db, 'bench-backup');
  const sparkId = await createSpark(db, owner, 'Handbook');
  const r = generator(7);
  const perDocument = PASSAGES / DOCUMENTS;
  for (let index = 0; index < DOCUMENTS; index += 1) {
    const documentId = randomUUID();
    const key = `tenants/${owner.tenantId}/sparks/${sparkId}/documents/${documentId}`;
    mkdirSync(join(dataDir, 'files', key, '..'), { recursive: true });
    writeFileSync(join(dataDir, 'files', key), randomBytes(FILE_BYTES));
    await db.execute(sql`insert into documents (id, tenant_id, spark_id, name, kind, size_bytes, storage_key, status, pages, chunks, language)
      values (${documentId}, ${owner.tenantId}, ${sparkId}, ${`Handbook part ${index + 1}.pdf`}, 'pdf', ${FILE_BYTES}, ${key}, 'ready', ${perDocument / 4}, ${perDocument}, 'en')`);
    const rows = Array.from({ length: perDocument }, (_, ord) => ({
      ord,
      page: Math.floor(ord / 4) + 1,
      heading: r.any(HEADINGS),
      text: paragraph(r, WORDS_PER_PASSAGE),
    }));
    await db.execute(sql`
      insert into document_chunks (document_id, spark_id, ord, page, page_end, heading, text, tsv)
      select ${documentId}, ${sparkId}, r.ord, r.page, r.page, r.heading, r.text,
        setweight(to_tsvector(${SEARCH_CONFIGS.en}::regconfig, r.heading), 'A') || to_tsvector(${SEARCH_CONFIGS.en}::regconfig, r.text)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(ord integer, page integer, heading text, text text)`);
  }
  await database.close();
  writeFileSync(join(dataDir, 'jwt-secret'), `${randomBytes(48).toString('base64url')}\n`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: round((performance.now() - started) / 1000) };
}

async function backupOf(env: Record<string, string | undefined>, file: string): Promise<BackupSummary> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const { source, close } = await openBackupSource(config);
  const files = createFileStorage(config);
  try {
    return await writeBackup({ source, storage: files.storage, storageKind: files.kind, dataDir: config.dataDir, jwtSecret: undefined, file });
  } finally {
    files.close();
    await close();
  }
}

const dataDir = join(root, 'data');
console.log(`Making a data folder with ${PASSAGES} passages and ${(DOCUMENTS * FILE_BYTES) / MB} MB of files…`);
await makeDataFolder(dataDir);
const dataBytes = folderBytes(dataDir);

const archive = join(root, 'sparks.tar');
const backup = await timed(() => backupOf({ DATA_DIR: dataDir }, archive));
const restored = await timed(() => restoreBackup({ file: archive, config: loadConfig({ DATA_DIR: join(root, 'restored') }), replace: false }));

const plain = join(root, 'plain.tar');
const plainTar = await timed(() => create({ file: plain, cwd: dataDir, portable: true }, ['.']));
mkdirSync(join(root, 'untarred'));
const plainUntar = await timed(() => extract({ file: plain, cwd: join(root, 'untarred') }));

const rows = [
  {
    what: 'backup (npm run backup)',
    seconds: backup.seconds,
    databaseHeldSeconds: round(backup.result.readSeconds),
    archiveMb: round(backup.result.bytes / MB),
    note: `${backup.result.rows} rows, ${backup.result.files} files`,
  },
  {
    what: 'restore into an empty folder (npm run restore)',
    seconds: restored.seconds,
    databaseHeldSeconds: null,
    archiveMb: null,
    note: `${restored.result.rows} rows`,
  },
  {
    what: 'plain tar of the data folder',
    seconds: plainTar.seconds,
    databaseHeldSeconds: null,
    archiveMb: round(statSync(plain).size / MB),
    note: 'server stopped',
  },
  { what: 'plain tar extracted', seconds: plainUntar.seconds, databaseHeldSeconds: null, archiveMb: null, note: '' },
];

const postgres = await scratchPostgres();
if (postgres) {
  try {
    const env = { DATA_DIR: join(root, 'scaled'), DATABASE_URL: postgres.url };
    const intoPostgres = await timed(() => restoreBackup({ file: archive, config: loadConfig(env), replace: false }));
    rows.push({
      what: `restore into PostgreSQL ${postgres.version}`,
      seconds: intoPostgres.seconds,
      databaseHeldSeconds: null,
      archiveMb: null,
      note: intoPostgres.result.notes.join('; '),
    });
    const fromPostgres = await timed(() => backupOf(env, join(root, 'from-postgres.tar')));
    rows.push({
      what: 'backup from PostgreSQL',
      seconds: fromPostgres.seconds,
      databaseHeldSeconds: round(fromPostgres.result.readSeconds),
      archiveMb: round(fromPostgres.result.bytes / MB),
      note: 'a snapshot transaction: writers are not held',
    });
  } finally {
    await postgres.drop();
  }
}

console.log(`Backups (${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}); data folder ${round(dataBytes / MB)} MB`);
console.table(rows);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'backup.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), cores: availableParallelism(), passages: PASSAGES, fileMb: (DOCUMENTS * FILE_BYTES) / MB, dataFolderMb: round(dataBytes / MB), rows }, null, 2)}\n`,
);
rmSync(root, { recursive: true, force: true });
process.exit(0);

import { z } from 'zod';

/**
 * The archive: one uncompressed tar (readable with `tar` and verifiable with `sha256sum -c`)
 * holding, in this order,
 *   checksums.sha256           SHA-256 of every other entry, in sha256sum's format
 *   manifest.json              what is inside, described by `manifestSchema`
 *   secrets/jwt-secret         the generated signing secret, when the server generated one
 *   database/<table>.jsonl.gz  each table's rows, one JSON object per line (row_to_json), gzip
 *   files/<storage key>        every stored file a document refers to, byte for byte
 * Tables are compressed (about 3x at gzip level 1); files are not (PDFs and Office files already are).
 */
export const BACKUP_FORMAT = 'sparks-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const ENTRY = {
  checksums: 'checksums.sha256',
  manifest: 'manifest.json',
  jwtSecret: 'secrets/jwt-secret',
  table: (name: string) => `database/${name}.jsonl.gz`,
  file: (key: string) => `files/${key}`,
} as const;

/** SQL names come from the archive and end up in statements: only plain lower-case identifiers pass. */
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'not a plain SQL identifier');
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256');
const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  product: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  source: z.object({
    engine: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    /** Whether the source had pgvector (and so possibly the embeddings table). */
    vectors: z.boolean(),
    files: z.enum(['disk', 's3']),
  }),
  /** The schema level of the rows: a restore rebuilds exactly this level, loads, then applies newer migrations. */
  migrations: z.object({ count, lastTag: z.string().nullable(), lastWhen: z.number().int(), lastHash: z.string() }),
  /** In an order that loads parents before children. */
  tables: z.array(
    z.object({
      name: identifier,
      rows: count,
      columns: z.array(z.object({ name: identifier, type: z.string() })).min(1),
      entry: z.string(),
      bytes: count,
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({
      name: identifier,
      value: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  files: z.object({
    count,
    bytes: count,
    entries: z.array(z.object({ key: z.string(), bytes: count, sha256 })),
    /** Keys a row refers to whose file was already gone from storage when the backup ran. */
    missing: z.array(z.string()),
  }),
  jwtSecret: z.discriminatedUnion('included', [z.object({ included: z.literal(true), sha256 }), z.object({ included: z.literal(false), reason: z.string() })]),
  /** What a backup leaves out on purpose, and why: said in the archive itself for whoever restores it. */
  leftOut: z.array(z.object({ what: z.string(), why: z.string() })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest['tables'][number];

export const LEFT_OUT: Manifest['leftOut'] = [
  {
    what: 'the job queue (schema pgboss)',
    why: 'jobs are derived state: documents, library syncs and test runs keep their status on their own rows, and every worker sweeps for rows left waiting and queues them again',
  },
  {
    what: 'the migration records (schema drizzle)',
    why: 'a restore rebuilds the schema by running the same migrations up to the level in this manifest, which records them again',
  },
  {
    what: 'stored files no document refers to',
    why: 'they are uploads that were refused or removed; no row reads them',
  },
];

import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { extract } from 'tar';
import { isSafeKey } from '../storage/file-storage.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, ENTRY, manifestSchema, type Manifest } from './archive-format.js';
import { BackupError } from './backup-error.js';
import { sha256OfFile } from './checksums.js';

const CHECKSUM_LINE = /^([0-9a-f]{64}) {2}(.+)$/;

/**
 * Unpacks an archive into `dir` (an empty folder of the restore's own) and proves it whole before
 * anything else is touched: every entry matches its SHA-256 in checksums.sha256, nothing is there
 * that the checksums do not name, the manifest is valid, and what it lists agrees with the
 * checksums. Any doubt is a BackupError naming the entry; the target has not been read yet.
 */
export async function readArchive(file: string, dir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  await mkdir(dir, { recursive: true });
  try {
    // strict: a damaged header or a truncated archive is an error, not a warning; paths stay inside dir.
    await extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a readable archive (${(error as Error).message}); it may be damaged or incomplete`);
  }
  let listing: string;
  try {
    listing = await readFile(join(dir, ENTRY.checksums), 'utf8');
  } catch {
    throw new BackupError(`${file} is not a Sparks backup: it has no ${ENTRY.checksums}`);
  }
  const expected = new Map<string, string>();
  for (const line of listing.split('\n').filter(Boolean)) {
    const match = CHECKSUM_LINE.exec(line);
    if (!match) throw new BackupError(`the archive is damaged: ${ENTRY.checksums} has a line that is not a checksum`);
    expected.set(match[2]!, match[1]!);
  }
  const present = new Set(
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((path) => path !== ENTRY.checksums),
  );
  for (const path of present) if (!expected.has(path)) throw new BackupError(`the archive is damaged: ${path} is not in its checksums`);
  for (const [path, sha256] of expected) {
    if (!present.has(path)) throw new BackupError(`the archive is incomplete: ${path} is missing`);
    if ((await sha256OfFile(join(dir, path))).sha256 !== sha256) throw new BackupError(`the archive is damaged: ${path} does not match its checksum`);
  }
  const manifest = parseManifest(await readFile(join(dir, ENTRY.manifest), 'utf8'));
  const listed = [
    ...manifest.tables.map((table) => [table.entry, table.sha256, table.entry === ENTRY.table(table.name)] as const),
    ...manifest.files.entries.map((entry) => [ENTRY.file(entry.key), entry.sha256, isSafeKey(entry.key)] as const),
    ...(manifest.jwtSecret.included ? [[ENTRY.jwtSecret, manifest.jwtSecret.sha256, true] as const] : []),
  ];
  for (const [path, sha256, wellNamed] of listed) {
    if (!wellNamed || expected.get(path) !== sha256) throw new BackupError(`the archive is damaged: the manifest and the checksums disagree about ${path}`);
  }
  if (expected.size !== listed.length + 1) throw new BackupError('the archive is damaged: it holds entries its manifest does not list');
  return manifest;
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`the archive is damaged: ${ENTRY.manifest} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown; formatVersion?: unknown } | null)?.format;
    if (format === BACKUP_FORMAT) {
      const version = (json as { formatVersion?: unknown }).formatVersion;
      if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
        throw new BackupError(`this backup is in format ${version}, newer than this Sparks reads: restore it with a newer Sparks`);
    }
    const issue = parsed.error.issues[0];
    throw new BackupError(`the archive's ${ENTRY.manifest} is not valid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown problem'})`);
  }
  return parsed.data;
}

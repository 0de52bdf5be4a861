import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from '../../apps/server/src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder pgliteTemplate() made for this run (given by the suites' global set-up). */
    pgliteTemplate: string;
  }
}

const repoRoot = join(import.meta.dirname, '..', '..');

/** What a template is made of: the committed migrations and the PGlite that wrote it. A change of either makes a new one. */
function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const name of readdirSync(folder).sort()) if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(folder, name)));
  hash.update(readFileSync(join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded database as the product makes it on a first start (created, every migration
 * applied) and closed cleanly, made once per machine and version of the migrations. Suites copy
 * it instead of each paying for PGlite's initdb; a first start itself is still tested by the
 * suites that bring their own data folder.
 */
export async function pgliteTemplate(): Promise<string> {
  const ready = join(tmpdir(), `sparks-pglite-template-${templateKey()}`);
  if (existsSync(join(ready, 'pglite', 'PG_VERSION'))) return ready;
  const making = mkdtempSync(join(tmpdir(), 'sparks-pglite-making-'));
  const database = await openDatabase({ dataDir: making });
  await database.close();
  try {
    renameSync(making, ready);
  } catch {
    // Another run made it meanwhile: theirs is as good.
    rmSync(making, { recursive: true, force: true });
  }
  return ready;
}

/** Gives a data folder without an embedded database a copy of the template's. */
export function seedPglite(dataDir: string, template: string | undefined): void {
  if (!template || existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) return;
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}

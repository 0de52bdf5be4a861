import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { createFileStorage } from '../storage/create-file-storage.js';
import { openBackupSource } from './backup-source.js';
import { BackupError } from './backup-error.js';
import { restoreBackup } from './restore-backup.js';
import { backupThroughServer } from './running-server.js';
import { writeBackup, type BackupSummary } from './write-backup.js';

const USAGE = `usage:
  npm run backup -- <file>              write one archive of the database, the stored files and the JWT secret
  npm run restore -- <file> [--replace] restore an archive into the configured DATA_DIR / DATABASE_URL and storage
Both read the same settings as the server (DATA_DIR, DATABASE_URL, S3_*, JWT_SECRET).`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const seconds = (value: number): string => `${value.toFixed(1)} s`;

function parse(args: readonly string[]): { command: 'backup' | 'restore'; file: string; replace: boolean } | string {
  const [command, ...rest] = args;
  if (command !== 'backup' && command !== 'restore') return `unknown command ${command ?? '(none)'}`;
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = flags.filter((flag) => !(command === 'restore' && flag === '--replace'));
  if (unknown.length > 0) return `unknown option ${unknown[0]}`;
  if (files.length !== 1) return `${command} takes one archive file`;
  return { command, file: files[0]!, replace: flags.includes('--replace') };
}

async function backup(config: Config, file: string, output: CliOutput): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name or remove it first`);
  let summary: BackupSummary | undefined;
  let through = '';
  // The embedded database belongs to the server that has it open: ask that server first.
  if (!config.databaseUrl) {
    summary = await backupThroughServer(config.dataDir, file);
    if (summary) through = ' (through the running server)';
  }
  if (!summary) {
    const { source, close } = await openBackupSource(config);
    const files = createFileStorage(config);
    try {
      summary = await writeBackup({ source, storage: files.storage, storageKind: files.kind, dataDir: config.dataDir, jwtSecret: config.jwtSecret, file });
    } finally {
      files.close();
      await close();
    }
  }
  output.out(`Backup written${through}: ${summary.file} (${megabytes(summary.bytes)}, ${seconds(summary.seconds)})`);
  output.out(`  database: ${summary.tables} tables, ${summary.rows} rows, at migration ${summary.migration}`);
  output.out(`  files: ${summary.files} (${megabytes(summary.fileBytes)})`);
  output.out(`  JWT secret: ${summary.jwtSecretIncluded ? 'included' : 'not included (JWT_SECRET is set in the environment, or none was generated)'}`);
  if (summary.missingFiles.length > 0) {
    output.err(`warning: ${summary.missingFiles.length} document file(s) were already missing from storage: ${summary.missingFiles.slice(0, 3).join(', ')}`);
  }
}

async function restore(config: Config, file: string, replace: boolean, output: CliOutput): Promise<void> {
  const summary = await restoreBackup({ file, config, replace });
  output.out(`Restored ${file} into ${summary.target} (${seconds(summary.seconds)})`);
  output.out(
    `  database: ${summary.tables} tables, ${summary.rows} rows at migration ${summary.migration}; ${summary.newerMigrations} newer migration(s) applied`,
  );
  output.out(`  files: ${summary.files}`);
  output.out(`  JWT secret: ${summary.jwtSecret === 'restored' ? `restored to ${config.dataDir}/jwt-secret` : 'not in the backup'}`);
  for (const note of summary.notes) output.out(`  note: ${note}`);
}

/**
 * `npm run backup` and `npm run restore`: answers the exit code. A failure prints one line, the
 * reason, and exits 1; a wrong invocation prints the usage and exits 2.
 */
export async function runBackupCli(args: readonly string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    output.out(USAGE);
    return 0;
  }
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    output.err(`${parsed}\n${USAGE}`);
    return 2;
  }
  // npm runs scripts from the repository's root; a relative archive path means where the person typed the command.
  const file = resolve(env.INIT_CWD ?? process.cwd(), parsed.file);
  try {
    const config = loadConfig(env);
    if (parsed.command === 'backup') await backup(config, file, output);
    else await restore(config, file, parsed.replace, output);
    return 0;
  } catch (error) {
    const reason = error instanceof ConfigError || error instanceof BackupError ? error.message : String((error as Error)?.message ?? error);
    output.err(`${parsed.command} failed: ${reason.split('\n').join(' ')}`);
    return 1;
  }
}

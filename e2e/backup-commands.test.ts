import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './support/start-server';

const repoRoot = join(import.meta.dirname, '..');

/** `npm run <script> -- <args>` from the repository, as a person types it, with the server's DATA_DIR. */
function npmRun(script: 'backup' | 'restore', dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const installedAt = async (url: string): Promise<string> =>
  ((await (await fetch(`${url}/api/v1/health`)).json()) as { data: { installedAt: string } }).data.installedAt;

describe('npm run backup and npm run restore on the built product', () => {
  const root = mkdtempSync(join(tmpdir(), 'sparks-e2e-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Two fresh servers (each migrating a new embedded database) and three npm commands: minutes on a busy machine.
  it('backs up through the running embedded server, restores into an empty folder, and refuses a running target', { timeout: 240_000 }, async () => {
    const first = await startServer({ dataDir: join(root, 'first') });
    const archive = join(root, 'sparks.tar');
    let installed: string;
    try {
      installed = await installedAt(first.url);
      const backup = await npmRun('backup', first.dataDir, archive);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written (through the running server): ${archive}`);
      // The server kept answering while it wrote the archive.
      expect(await installedAt(first.url)).toBe(installed);
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }

    const restore = await npmRun('restore', join(root, 'second'), archive);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('JWT secret: restored');
    const second = await startServer({ dataDir: join(root, 'second') });
    try {
      expect(await installedAt(second.url)).toBe(installed);
      const refused = await npmRun('restore', second.dataDir, archive, '--replace');
      expect(refused.code).toBe(1);
      expect(refused.stderr.split('\n').filter((line) => line.startsWith('restore failed:'))).toEqual([
        `restore failed: a Sparks server (pid ${/pid (\d+)/.exec(refused.stderr)?.[1]}) is running on ${second.dataDir}: stop it first`,
      ]);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });
});

import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BackupError } from './backup-error.js';
import type { BackupSummary } from './write-backup.js';

/** Unix sockets have a path limit of about 100 bytes; a longer DATA_DIR gets a socket named after its hash in the temporary folder. */
const SOCKET_PATH_LIMIT = 100;

/**
 * Where a server on the embedded database listens for backup requests: a socket in DATA_DIR, so
 * only whoever can read the data folder can ask (the socket is the owner's alone). On Windows, a
 * named pipe named after the folder.
 */
export function controlSocketPath(dataDir: string): string {
  const folder = resolve(dataDir);
  const hash = createHash('sha256').update(folder).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\sparks-${hash}`;
  const inFolder = join(folder, 'control.sock');
  return Buffer.byteLength(inFolder) <= SOCKET_PATH_LIMIT ? inFolder : join(tmpdir(), `sparks-${hash}.sock`);
}

interface Answer {
  status: number;
  body: unknown;
}

function call(dataDir: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer | undefined> {
  return new Promise((resolvePromise, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      // agent: false: a connection kept alive from an earlier call may lead to a server that has since stopped.
      { socketPath: controlSocketPath(dataDir), method, path, agent: false, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolvePromise({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          } catch {
            reject(new Error(`the running server answered ${res.statusCode ?? '?'} without JSON`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // No socket, or one left behind by a server that is gone: nobody is running on this folder.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolvePromise(undefined);
      else reject(error);
    });
    req.end(payload);
  });
}

/** The pid of the server running on this data folder, or undefined when none answers. */
export async function runningServer(dataDir: string): Promise<{ pid: number } | undefined> {
  const answer = await call(dataDir, 'GET', '/status');
  return answer?.status === 200 ? (answer.body as { pid: number }) : undefined;
}

/**
 * Asks the server running on this data folder to write a backup to `file`: PGlite is one process's
 * database, so the process that holds it reads it. Undefined when no server is running.
 */
export async function backupThroughServer(dataDir: string, file: string): Promise<BackupSummary | undefined> {
  const answer = await call(dataDir, 'POST', '/backup', { file: resolve(file) });
  if (!answer) return undefined;
  if (answer.status === 200) return answer.body as BackupSummary;
  throw new BackupError(`the running server could not write the backup: ${(answer.body as { error?: string }).error ?? `status ${answer.status}`}`);
}

import { chmod, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isAbsolute } from 'node:path';
import { BackupError } from './backup-error.js';
import { controlSocketPath, runningServer } from './running-server.js';
import type { BackupSummary } from './write-backup.js';

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  req.setEncoding('utf8');
  for await (const chunk of req) text += chunk as string;
  return JSON.parse(text) as unknown;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Lets `npm run backup` reach the server that holds the embedded database: a small HTTP server on
 * a socket in DATA_DIR (see controlSocketPath), separate from the public API. It answers
 * `GET /status` and `POST /backup {file}`, one backup at a time. Answers undefined, after a warning,
 * when another live server already listens on this folder or the socket cannot be made.
 */
export async function serveControlSocket(options: {
  dataDir: string;
  backup(file: string): Promise<BackupSummary>;
  warn(message: string): void;
}): Promise<{ close(): Promise<void> } | undefined> {
  const path = controlSocketPath(options.dataDir);
  if (await runningServer(options.dataDir).catch(() => undefined)) {
    options.warn(`another Sparks process already serves backups for ${options.dataDir}; this one will not`);
    return undefined;
  }
  // A socket file left by a process that ended without closing it.
  if (process.platform !== 'win32') await rm(path, { force: true });
  let busy = false;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/status') return reply(res, 200, { pid: process.pid });
      if (req.method !== 'POST' || req.url !== '/backup') return reply(res, 404, { error: 'unknown request' });
      const body = (await readJson(req).catch(() => undefined)) as { file?: unknown } | undefined;
      if (typeof body?.file !== 'string' || !isAbsolute(body.file)) return reply(res, 400, { error: 'a backup needs an absolute file path' });
      if (busy) return reply(res, 409, { error: 'a backup is already being written' });
      busy = true;
      try {
        reply(res, 200, await options.backup(body.file));
      } catch (error) {
        reply(res, error instanceof BackupError ? 400 : 500, { error: error instanceof Error ? error.message : String(error) });
      } finally {
        busy = false;
      }
    })();
  });
  // A backup of a large folder takes minutes; Node's default would cut the request at five.
  server.requestTimeout = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    if (process.platform !== 'win32') await chmod(path, 0o600);
  } catch (error) {
    // A folder that cannot hold a socket (some network or container mounts) must not stop the server.
    server.close();
    options.warn(`backups through the running server are unavailable (${(error as Error).message}); stop the server to run npm run backup`);
    return undefined;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

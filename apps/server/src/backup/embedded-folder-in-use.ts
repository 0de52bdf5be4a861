import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runningServer } from './running-server.js';

/**
 * Why the embedded database folder must not be opened by another process now, or undefined.
 * A server answering on the control socket holds it. Without one, PGlite's postmaster.pid (it
 * writes one while open and removes it on close; its pid is not a real one) means a process that
 * serves no socket has it open, or the last one stopped without closing it: opening it then from
 * a second process could corrupt it, so both are refused with what to do.
 */
export async function embeddedFolderInUse(dataDir: string): Promise<string | undefined> {
  const server = await runningServer(dataDir);
  if (server) return `a Sparks server (pid ${server.pid}) is running on ${dataDir}: stop it first`;
  if (existsSync(join(dataDir, 'pglite', 'postmaster.pid'))) {
    return `the embedded database in ${join(dataDir, 'pglite')} is open in another process, or was not closed cleanly: stop that process (or start and stop Sparks once) first`;
  }
  return undefined;
}

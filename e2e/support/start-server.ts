import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port';
import { seedPglite } from '../../test/support/pglite-template';

const repoRoot = join(import.meta.dirname, '..', '..');
const serverEntry = join(repoRoot, 'apps', 'server', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built product exactly as `npm start` does after its build step: one node process. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; port?: number; pgliteTemplate?: string | undefined } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sparks-e2e-'));
  // A suite that only needs the product running starts from a copy of an embedded database made once for the run.
  if (!options.dataDir && !options.env?.DATABASE_URL) seedPglite(dataDir, options.pgliteTemplate);
  // A known port keeps PUBLIC_URL right, so links in e-mails and sign-in callbacks point back here.
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const check = () => {
      const match = /open: (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

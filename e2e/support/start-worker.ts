import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const serverEntry = join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js');

export interface RunningWorker {
  child: ChildProcess;
  output: () => string;
  /** Sends the signal (SIGTERM by default) and resolves once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A worker process of the built product (`npm run worker`): the background jobs only, no HTTP. */
export function startWorker(env: Record<string, string>): RunningWorker {
  const child = spawn(process.execPath, [serverEntry, '--worker'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './start-server';

/** Starts the built product and a browser for a suite, and stops both after it. */
export function useProductInBrowser(env: Record<string, string> = {}): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // A suite plays many users from one loopback address within a minute, while the API's per-address budget
    // (RATE_LIMIT_MAX, 300 a minute) is meant for one client: the suites that test a limit set their own.
    server = await startServer({ env: { RATE_LIMIT_MAX: '5000', ...env }, pgliteTemplate: inject('pgliteTemplate') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the product is not started yet');
    return value;
  };
  return { server: () => started(server), browser: () => started(browser) };
}

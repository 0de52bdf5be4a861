import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './start-server';

/** Starts the built product and a browser for a suite, and stops both after it. */
export function useProductInBrowser(env: Record<string, string> = {}): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ env, pgliteTemplate: inject('pgliteTemplate') });
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

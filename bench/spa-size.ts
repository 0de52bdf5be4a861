/**
 * The web app's weight at its first screen (issue: the benchmark report): the built product is
 * opened at /auth in Debian's Chromium and every script the page loads before it is idle is
 * gzipped and summed, beside the budget of 170 kB. What the browser fetched, not what the bundler
 * listed, so lazy routes and preloads count exactly when they are loaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/start-server.js';
import { round } from './stats.js';

const BUDGET_GZIP_KB = 170;
const RESULTS = join(import.meta.dirname, 'results');

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const scripts: Array<{ file: string; rawKb: number; gzipKb: number }> = [];
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ file: new URL(response.url()).pathname, rawKb: round(body.length / 1024), gzipKb: round(gzipSync(body, { level: 9 }).length / 1024) });
      }),
    );
  });
  await page.goto(`${server.url}/auth`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  scripts.sort((a, b) => b.gzipKb - a.gzipKb);
  const totalGzipKb = round(scripts.reduce((sum, script) => sum + script.gzipKb, 0));
  console.table(scripts);
  const over = totalGzipKb > BUDGET_GZIP_KB;
  console.info(`initial JavaScript at /auth: ${totalGzipKb} kB gzipped in ${scripts.length} files (budget ${BUDGET_GZIP_KB} kB${over ? ': OVER BUDGET' : ''})`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, 'spa-size.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), route: '/auth', totalGzipKb, budgetGzipKb: BUDGET_GZIP_KB, overBudget: over, scripts }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}

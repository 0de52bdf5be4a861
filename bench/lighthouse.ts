/**
 * The web app as Lighthouse scores it (budget: performance ≥ 90), on two screens: the first screen
 * a visitor sees (/auth) and the screen a signed-in owner works in (a Spark's chat, its
 * conversation already begun). The built product runs on its real server; Debian's Chromium,
 * started fresh for each audit with an empty profile (the owner's tokens put in its storage, its
 * cache emptied), loads the page with Lighthouse's mobile defaults (simulated slow 4G and a
 * mid-range phone) and then its desktop preset. The opportunities it lists are printed too, so a score under
 * budget says where the time went. Lighthouse scales the CPU time it observes, so a busy machine
 * scores lower: each form factor is audited LIGHTHOUSE_RUNS times (3 by default) and the median
 * run is kept, with the host's benchmark index beside it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { SIGNED_IN_COOKIE } from '@sparks/contract/constants';
import { chromium } from 'playwright-core';
import { verifiedAccount } from '../e2e/support/accounts.js';
import { CHROMIUM_PATH } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/start-server.js';
import { round } from './stats.js';
import { CHROMIUM_FLAGS } from '../test/support/chromium-flags.js';

const BUDGET_SCORE = 90;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const RESULTS = join(import.meta.dirname, 'results');
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
/** The metrics behind the performance score, in the order Lighthouse weighs them. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface FormFactorResult {
  screen: string;
  formFactor: 'mobile' | 'desktop';
  score: number;
  /** Lighthouse's measure of the host's speed when it ran (higher is faster). */
  benchmarkIndex: number;
  /** Every run's score, the kept one being their median. */
  runScores?: number[];
  metrics: Record<string, { value: number; unit: string; display: string }>;
  opportunities: Array<{ id: string; title: string; display: string }>;
}

interface Screen {
  name: string;
  path: string;
  /** Tokens to put in the browser's storage first (a signed-in screen); none for a public one. */
  tokens?: { access_token: string; refresh_token: string };
}

/**
 * Signs the fresh browser in as the app leaves a returning owner's browser (tokens in local
 * storage, the signed-in hint cookie), then empties its cache so the audit loads cold.
 */
async function signIn(port: number, origin: string, tokens: NonNullable<Screen['tokens']>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    // A path the server answers without the app, so no script of the app is cached before the audit.
    await page.goto(`${origin}/api/v1/health`);
    await page.evaluate((pair) => {
      localStorage.setItem('access_token', pair.access_token);
      localStorage.setItem('refresh_token', pair.refresh_token);
    }, tokens);
    await context.addCookies([{ name: SIGNED_IN_COOKIE.name, value: '1', url: origin }]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Leaves the browser running: Lighthouse drives it next.
    await browser.close().catch(() => undefined);
  }
}

async function audit(origin: string, screen: Screen, formFactor: FormFactorResult['formFactor']): Promise<FormFactorResult> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sparks-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'error' });
  try {
    if (screen.tokens) await signIn(chrome.port, origin, screen.tokens);
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    // Storage is kept for a signed-in screen (it holds the tokens); the cache was emptied above.
    const flags = {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error' as const,
      output: 'json' as const,
      disableStorageReset: Boolean(screen.tokens),
    };
    const runner = await lighthouse(`${origin}${screen.path}`, flags, config);
    if (!runner) throw new Error('Lighthouse returned no result');
    const lhr: Result = runner.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics: FormFactorResult['metrics'] = {};
    for (const id of METRICS) {
      const item = lhr.audits[id];
      metrics[id] = { value: round(item?.numericValue ?? NaN), unit: item?.numericUnit ?? '', display: item?.displayValue ?? '' };
    }
    // Anything Lighthouse scored below full marks that could save time or bytes: where to look next.
    const opportunities = Object.values(lhr.audits)
      .filter((item) => item.score !== null && item.score < 0.9 && (item.details?.type === 'opportunity' || item.scoreDisplayMode === 'metricSavings'))
      .map((item) => ({ id: item.id, title: item.title, display: item.displayValue ?? '' }));
    return {
      screen: screen.name,
      formFactor,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      metrics,
      opportunities,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** An owner with a Spark whose builder conversation has begun, as one finds it on coming back. */
async function ownerScreen(origin: string): Promise<Screen> {
  const tokens = await verifiedAccount(origin, 'lighthouse');
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const spark = (await (await fetch(`${origin}/api/v1/sparks`, { method: 'POST', headers: { authorization: headers.authorization } })).json()) as {
    data: { _id: string };
  };
  const started = await fetch(`${origin}/api/v1/llm/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ sparkId: spark.data._id, message: { type: 'human', content: 'Hello' }, language: 'en' }),
  });
  if (started.status !== 200) throw new Error(`the builder chat answered ${started.status}`);
  return { name: 'spark chat', path: `/spark/${spark.data._id}`, tokens };
}

const server = await startServer();
try {
  const screens: Screen[] = [{ name: 'first screen', path: '/auth' }, await ownerScreen(server.url)];
  const results: FormFactorResult[] = [];
  // One after the other: two browsers at once on two cores would score the machine, not the page.
  for (const screen of screens) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const runs: FormFactorResult[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(server.url, screen, formFactor));
      const sorted = [...runs].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as FormFactorResult;
      results.push({ ...median, runScores: runs.map((run) => run.score) });
    }
  }

  console.table(
    results.map((result) => ({
      screen: result.screen,
      formFactor: result.formFactor,
      score: result.score,
      runs: result.runScores?.join(' '),
      benchmarkIndex: result.benchmarkIndex,
      ...Object.fromEntries(METRICS.map((id) => [id, result.metrics[id]?.display])),
    })),
  );
  for (const result of results) {
    for (const item of result.opportunities) console.info(`${result.screen}, ${result.formFactor}: ${item.title}${item.display ? ` (${item.display})` : ''}`);
  }
  const under = results.filter((result) => result.score < BUDGET_SCORE);
  console.info(
    `Lighthouse performance: ${results.map((result) => `${result.screen} ${result.formFactor} ${result.score}`).join(', ')} (budget ${BUDGET_SCORE}${under.length > 0 ? ': UNDER BUDGET' : ''})`,
  );
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, 'lighthouse.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), screens: screens.map((screen) => ({ name: screen.name, path: screen.path.replace(/[\w-]{36}$/, ':sparkId') })), chromium: CHROMIUM_PATH, runsPerFormFactor: RUNS, budgetScore: BUDGET_SCORE, underBudget: under.length > 0, results }, null, 2)}\n`,
  );
} finally {
  await server.stop();
}

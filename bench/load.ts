/**
 * Load benchmark (issue: scale-out, reliability and the benchmark report): the built product on
 * loopback under autocannon at 16, 64 and 256 connections — login, the Spark list, a test-chat
 * turn (offline responder) and a widget question — each beside a bare Fastify hello-world measured
 * in the same run, so the ratio holds on a noisy shared machine. Memory is sampled from the
 * server process; then a soak (BENCH_SOAK_SECONDS, 300 by default) of mixed traffic samples RSS
 * every 10 s, to show memory levels off instead of climbing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../test/support/free-port.js';
import { scratchPostgres } from './scratch-postgres.js';
import { round } from './stats.js';

const ROOT = join(import.meta.dirname, '..');
const RESULTS = join(import.meta.dirname, 'results');
const LEVELS = (process.env.BENCH_LOAD_LEVELS ?? '16,64,256').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const SITE = 'https://shop.example';

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const rssMb = (pid: number | undefined): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} never answered:\n${output()}`);
}

function spawnServer(args: string[], env: Record<string, string>, port: number, probe: string): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return waitFor(`${url}${probe}`, child, () => output).then(() => ({ url, child, stop }));
}

/** The built product, exactly as `npm start` serves it, with limits opened up so the bench measures work, not refusals. */
async function startProduct(databaseUrl: string | undefined, dataDir: string): Promise<Server> {
  const port = await freePort();
  return spawnServer(
    ['apps/server/dist/main.js'],
    {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      RATE_LIMIT_MAX: '100000000',
      CHAT_TURNS_PER_MINUTE: '100000000',
      LOGIN_ATTEMPTS_PER_IP: '100000000',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '100000000',
      WIDGET_TURNS_PER_IP: '100000000',
      WIDGET_TURNS_PER_VISITOR: '100000000',
      WIDGET_TURNS_PER_SPARK: '100000000',
    },
    port,
    '/api/v1/health',
  );
}

/** A bare Fastify answering hello-world: the ceiling this machine allows for an HTTP framework, measured in the same run. */
async function startBaseline(): Promise<Server> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawnServer(['-e', script], { NODE_PATH: join(ROOT, 'node_modules') }, port, '/');
}

/** An owner with a Spark on a website and room in the plan (set in the database: the bench measures answers, not billing). */
async function setUp(server: Server, databaseUrl: string | undefined) {
  const api = `${server.url}/api/v1`;
  const json = { 'content-type': 'application/json' };
  const email = `load.${Date.now()}@example.com`;
  const password = 'Bench-Pass1!';
  await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, email, password, config: { language: 'en' } }),
  });
  const mail = (await (await fetch(`${server.url}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as { data: Array<{ text: string }> };
  const code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
  const verified = (await (
    await fetch(`${api}/auth/verify-code`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, code }) })
  ).json()) as { data: { access_token: string } };
  const auth = { authorization: `Bearer ${verified.data.access_token}` };
  const spark = ((await (await fetch(`${api}/sparks`, { method: 'POST', headers: auth })).json()) as { data: { _id: string } }).data;
  const test = (
    (await (
      await fetch(`${api}/sparks/${spark._id}/tests`, { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ name: 'Load' }) })
    ).json()) as { data: { _id: string } }
  ).data;
  const deployment = (await (
    await fetch(`${api}/sparks/${spark._id}/deploy`, { method: 'PATCH', headers: { ...auth, ...json }, body: JSON.stringify({ allowedOrigins: [SITE] }) })
  ).json()) as {
    data: { deployToken: string };
  };
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tenant = (await client.query('select tenant_id from sparks where id = $1', [spark._id])).rows[0]?.tenant_id as string;
    await client.query("update tenants set plan_slug = 'zaphire' where id = $1", [tenant]);
    await client.query('insert into usage_counters (tenant_id, period, interactions) values ($1, $2, -1000000000)', [
      tenant,
      new Date().toISOString().slice(0, 7),
    ]);
    await client.end();
  }
  return { api, email, password, auth, sparkId: spark._id, testId: test._id, deployToken: deployment.data.deployToken };
}

interface Row {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
  baselineRequestsPerSecond: number;
  ratio: number;
  rssMbAfter: number;
}

/**
 * Memory is flat when its floor (the lowest sample, just after a collection) in the last minute
 * is within a few percent of the floor once warm (the first minute); peaks swing with the garbage
 * collector and say little.
 */
function summariseSoak(samples: Array<{ atSeconds: number; rssMb: number }>, requests: number, errors: number) {
  const window = (from: number, to: number) => samples.filter((sample) => sample.atSeconds > from && sample.atSeconds <= to).map((sample) => sample.rssMb);
  const end = samples.at(-1)?.atSeconds ?? 0;
  if (end < 120) return undefined;
  const first = window(0, 60);
  const last = window(end - 60, end);
  const firstMinuteFloorMb = Math.min(...first);
  const lastMinuteFloorMb = Math.min(...last);
  return {
    seconds: end,
    requests,
    errors,
    firstMinuteFloorMb,
    lastMinuteFloorMb,
    firstMinutePeakMb: Math.max(...first),
    lastMinutePeakMb: Math.max(...last),
    floorGrowthPercent: round(((lastMinuteFloorMb - firstMinuteFloorMb) / firstMinuteFloorMb) * 100),
  };
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, duration: SECONDS });
}

async function main(): Promise<void> {
  const postgres = await scratchPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'sparks-load-'));
  const product = await startProduct(postgres?.url, dataDir);
  const baseline = await startBaseline();
  const rows: Row[] = [];
  try {
    const owner = await setUp(product, postgres?.url);
    const json = { 'content-type': 'application/json' };
    const scenarios: Array<{ name: string; options: autocannon.Options; needsRoom?: boolean }> = [
      {
        name: 'login',
        options: { url: `${owner.api}/auth/login`, method: 'POST', headers: json, body: JSON.stringify({ username: owner.email, password: owner.password }) },
      },
      { name: 'list Sparks', options: { url: `${owner.api}/sparks`, headers: owner.auth } },
      {
        name: 'test-chat turn',
        needsRoom: true,
        options: {
          url: `${owner.api}/sparks/${owner.sparkId}/chat/${owner.testId}`,
          method: 'POST',
          headers: { ...owner.auth, ...json, accept: 'application/json' },
          body: JSON.stringify({ input: { text: 'Hello, what can you do?' } }),
        },
      },
      {
        name: 'widget question',
        needsRoom: true,
        options: {
          url: `${owner.api}/widget/${owner.deployToken}/chat`,
          method: 'POST',
          headers: { ...json, origin: SITE, accept: 'application/json' },
          body: JSON.stringify({ text: 'Hello, what can you do?' }),
        },
      },
    ];
    const startRss = rssMb(product.child.pid);
    for (const connections of LEVELS) {
      const bare = await load({ url: baseline.url, connections });
      for (const scenario of scenarios) {
        // Without PostgreSQL the trial's 600 interactions a month would turn chat turns into refusals.
        if (scenario.needsRoom && !postgres) continue;
        const result = await load({ ...scenario.options, connections });
        rows.push({
          scenario: scenario.name,
          connections,
          requestsPerSecond: round(result.requests.average),
          p50: result.latency.p50,
          p90: result.latency.p90,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
          baselineRequestsPerSecond: round(bare.requests.average),
          ratio: round(result.requests.average / bare.requests.average),
          rssMbAfter: rssMb(product.child.pid),
        });
      }
    }
    const soak: Array<{ atSeconds: number; rssMb: number }> = [];
    let soakRequests = 0;
    let soakErrors = 0;
    if (SOAK_SECONDS > 0) {
      // Mixed traffic, as a day of owners and visitors would send it; chat rows need PostgreSQL's room in the plan.
      const mixed = scenarios.filter((scenario) => scenario.name !== 'login' && (!scenario.needsRoom || postgres));
      const started = Date.now();
      const sampler = setInterval(() => soak.push({ atSeconds: Math.round((Date.now() - started) / 1000), rssMb: rssMb(product.child.pid) }), 10_000);
      const results = await Promise.all(mixed.map((scenario) => autocannon({ ...scenario.options, connections: 16, duration: SOAK_SECONDS })));
      clearInterval(sampler);
      soakRequests = results.reduce((sum, result) => sum + result.requests.total, 0);
      soakErrors = results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
    }
    console.table(rows.map((row) => ({ ...row, ratio: `${row.ratio}×` })));
    console.info(
      `server RSS: ${startRss} MB before, ${rssMb(product.child.pid)} MB after; database: ${postgres ? `PostgreSQL ${postgres.version}` : 'PGlite (chat rows skipped)'}`,
    );
    const soakSummary = summariseSoak(soak, soakRequests, soakErrors);
    if (soakSummary)
      console.info(
        `soak ${SOAK_SECONDS} s: ${soakRequests} requests, ${soakErrors} errors; RSS floor ${soakSummary.firstMinuteFloorMb} MB in the first minute, ${soakSummary.lastMinuteFloorMb} MB in the last (${soakSummary.floorGrowthPercent}%); peaks ${soakSummary.firstMinutePeakMb} and ${soakSummary.lastMinutePeakMb} MB`,
      );
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      join(RESULTS, 'load.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds: SECONDS, database: postgres ? `postgres ${postgres.version}` : 'pglite', rssMbBefore: startRss, rows, soak, soakSummary }, null, 2)}\n`,
    );
  } finally {
    await product.stop();
    await baseline.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

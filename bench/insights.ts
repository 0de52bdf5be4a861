/**
 * Insights benchmark (issue: the per-Spark insights screen): the time of
 * GET /api/v1/sparks/:sparkId/insights through the whole app (authentication, validation, the
 * query, serialisation; app.inject, no network) for the 7, 30 and 90-day periods, on Sparks
 * holding 100k widget messages each (10k visitor conversations of 10 messages: 5 questions and 5
 * answers with citations and retrieved sources as the pipeline stores them, ~15 % unanswered, a
 * vote on ~10 %; about a quarter of the wordings asked are distinct). Three such Sparks side by
 * side, each the others' noise in the same tables, differ in how long their 100k messages took:
 * - "a year": about the largest plan's monthly allowance of questions (PLANS.zaphire, 5,000),
 *   every month for a year: the 90-day period holds ~25k messages, as much as any plan allows;
 * - "90 days": three times that allowance, every period beyond what a plan allows;
 * - "6 days (stress)": all 100k in the 7-day period, so every period reads every message.
 * Target: p95 < 200 ms at 100k widget messages on a Spark, on PGlite and on PostgreSQL; each row
 * says whether its period holds more questions than any plan allows in it.
 *
 * The rows are generated inside the database from a fixed list of questions and hash-derived
 * choices, so each run stores the same content. PostgreSQL is taken from BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) as in the other benchmarks; without a
 * reachable server its rows are skipped and say so.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PLANS } from '@sparks/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/load-config.js';
import { rowsOf } from '../apps/server/src/db/sql-results.js';
import { insightsStatement } from '../apps/server/src/modules/insights/insights-repository.js';
import { insightsPeriod } from '../apps/server/src/modules/insights/insights-service.js';
import { scratchPostgres } from './scratch-postgres.js';
import { percentile, round } from './stats.js';

const RESULTS = join(import.meta.dirname, 'results');
const CONVERSATIONS = 10_000;
const MESSAGES_EACH = 10;
const DOCUMENTS = 40;
const RUNS = Number(process.env.INSIGHTS_BENCH_RUNS ?? 50);
const WARM_UP = 5;
const TARGET_P95_MS = 200;
const PERIODS = ['7', '30', '90'] as const;
/** The most questions any plan allows in a period: the largest monthly allowance, pro rata. */
const planAllows = (days: number) => Math.max(...Object.values(PLANS).map((plan) => plan.limits.interactionsPerMonth)) * (days / 30);

/** What visitors of a shop's help chat ask, each in a few wordings (case, accents, punctuation) that group together. */
const QUESTIONS = [
  'What are your opening hours?',
  'what are your opening hours',
  'How do I return a bicycle?',
  'how do i return a bicycle',
  'Do you ship to Portugal?',
  'How long does delivery take?',
  'Can I pay in instalments?',
  'Where is my order?',
  'Is the warranty two years?',
  'How do I change my delivery address?',
  '¿Cuál es el horario?',
  'cual es el horario',
  '¿CUÁL ES EL HORARIO?',
  '¿Hacen envíos a Canarias?',
  'hacen envios a canarias',
  '¿Cómo devuelvo un pedido?',
  '¿Puedo pagar a plazos?',
  '¿Dónde está mi pedido?',
  'Do you have size guides for helmets?',
  'What is the price of a service?',
  'Can I book a repair online?',
  'Do you sell gift cards?',
  'How do I reset my password?',
  'Is there a student discount?',
  '¿Tienen tienda física en Madrid?',
  '¿La garantía cubre el motor?',
  'What brakes does the city bike have?',
  'Can I collect my order in store?',
  'Do you repair electric bikes?',
  'How do I cancel an order?',
];

const EXCERPT =
  'Bicycles bought in store or online can be returned within 30 days of purchase with the receipt. The bicycle must be unused, in its original packaging, with every accessory and manual. Refunds are paid to the original card within 5 working days of the return being checked.';
const ANSWER = `${EXCERPT.slice(0, 220)} [1] If you need more help, our team answers on weekdays from 9 to 18. Do you want to know how to book the return pickup? [2]`;

async function startApp(databaseUrl: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'sparks-bench-insights-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST_DIR: join(dir, 'none'),
    RATE_LIMIT_MAX: '1000000',
    BACKGROUND_JOBS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config: { ...config, jwtSecret: 'bench-secret-that-is-long-enough-0123456789' } });
  await app.ready();
  return { app, stop: async () => (await app.close(), rmSync(dir, { recursive: true, force: true })) };
}

/** An account made through the public API, as a user makes one. */
async function owner(app: FastifyInstance) {
  const email = `bench.${Date.now()}@example.com`;
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username: email, email, password: 'Bench-Pass1!', config: { language: 'en' } },
  });
  const mail = (await app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` })).json() as { data: Array<{ text: string }> };
  const code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
  const verified = (await app.inject({ method: 'POST', url: '/api/v1/auth/verify-code', payload: { username: email, code } })).json() as {
    data: { access_token: string };
  };
  const authorization = `Bearer ${verified.data.access_token}`;
  const [tenant] = rowsOf(await app.database.db.execute(sql`select t.id from tenants t join users u on u.id = t.owner_id where u.email = ${email}`));
  return { authorization, tenantId: tenant!.id as string };
}

/**
 * A Spark with its documents, visitor conversations, messages and votes, written by the database
 * itself. `hash(i, salt)` is a stable pseudo-random number in 0..1.
 */
async function seedSpark(app: FastifyInstance, account: { authorization: string; tenantId: string }, spanDays: number) {
  const db = app.database.db;
  const spark = (await app.inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: account.authorization } })).json() as {
    data: { _id: string };
  };
  const sparkId = spark.data._id;
  const tenantId = account.tenantId;
  const hash = (value: SQL, salt: string) => sql`(abs(hashtext(${value}::text || ${salt})) % 1000000) / 1000000.0`;
  await db.execute(sql`insert into documents (id, tenant_id, spark_id, name, kind, size_bytes, storage_key, status, pages, chunks, language)
    select gen_random_uuid(), ${tenantId}, ${sparkId}, 'Shop manual part ' || lpad(i::text, 2, '0') || '.pdf', 'pdf', 100000, 'bench/' || gen_random_uuid(), 'ready', 20, 80, 'en'
    from generate_series(1, ${DOCUMENTS}) i`);
  // Conversations start at least ten minutes ago, so their ten messages (40 s apart) are all in the past.
  const start = sql`now() - interval '10 minutes' - ${hash(sql.raw('i'), sparkId)} * ${spanDays}::float8 * interval '1 day'`;
  await db.execute(sql`insert into conversations (id, tenant_id, spark_id, kind, visitor_hash, created_at, updated_at)
    select gen_random_uuid(), ${tenantId}, ${sparkId}, 'widget', md5(${sparkId} || i), ${start}, ${start} + interval '400 seconds'
    from generate_series(1, ${CONVERSATIONS}) i`);
  const documentIds = rowsOf(await db.execute(sql`select id from documents where spark_id = ${sparkId} order by name`)).map((row) => row.id as string);
  // A few documents answer most questions; the last ten are never cited.
  const cited = JSON.stringify(documentIds.slice(0, DOCUMENTS - 10));
  const key = sql.raw(`c.id::text || '/' || s`);
  const pick = (salt: string) => sql`(${cited}::jsonb ->> floor(power(${hash(key, salt)}, 2) * jsonb_array_length(${cited}::jsonb))::int)`;
  const source = (marker: number, document: SQL) =>
    sql`jsonb_build_object('marker', ${marker}::int, 'chunkId', gen_random_uuid(), 'documentId', ${document}, 'title', 'Shop manual.pdf', 'page', ${marker + 2}::int, 'heading', 'Returns', 'score', 0.4321, 'excerpt', ${EXCERPT}::text)`;
  const citation = (marker: number, document: SQL) =>
    sql`jsonb_build_object('marker', ${marker}::int, 'title', 'Shop manual.pdf', 'page', ${marker + 2}::int, 'excerpt', ${EXCERPT}::text, 'chunkId', gen_random_uuid(), 'documentId', ${document})`;
  // Questions are skewed towards the top of the list, as real traffic is; under half are asked in
  // the list's words, the rest in other case, spacing or punctuation, or with words of their own
  // (an order number) that make them unique: about a quarter of the wordings asked are distinct.
  const base = sql`(${JSON.stringify(QUESTIONS)}::jsonb ->> floor(power(${hash(key, 'question')}, 2) * ${QUESTIONS.length}::int)::int)`;
  const variant = hash(key, 'variant');
  const question = sql`case
    when ${variant} < 0.45 then ${base}
    when ${variant} < 0.55 then lower(${base})
    when ${variant} < 0.62 then rtrim(${base}, '?')
    when ${variant} < 0.68 then 'Hi, ' || lower(${base})
    when ${variant} < 0.75 then ${base} || '  thanks'
    else rtrim(${base}, '?') || ' (order ' || floor(${hash(key, 'order')} * 1000000)::int || ')?'
  end`;
  await db.execute(sql`insert into chat_messages (conversation_id, seq, type, data, created_at)
    select c.id, s, case when s % 2 = 1 then 'human' else 'ai' end,
      case
        when s % 2 = 1 then jsonb_build_object('content', ${question})
        when ${hash(key, 'unanswered')} < 0.15 then jsonb_build_object(
          'content', 'I could not find this in my documents. Could you ask it another way?', 'unanswered', true,
          'sources', jsonb_build_array(${source(1, pick('s1'))}, ${source(2, pick('s2'))}, ${source(3, pick('s3'))}))
        else jsonb_build_object(
          'content', ${ANSWER}::text,
          'citations', jsonb_build_array(${citation(1, pick('c1'))}, ${citation(2, pick('c2'))}),
          'sources', jsonb_build_array(${source(1, pick('c1'))}, ${source(2, pick('c2'))}, ${source(3, pick('s3'))}, ${source(4, pick('s4'))},
            ${source(5, pick('s5'))}, ${source(6, pick('s6'))}))
      end,
      c.created_at + s * interval '40 seconds'
    from conversations c cross join generate_series(1, ${MESSAGES_EACH}) s
    where c.spark_id = ${sparkId}`);
  await db.execute(sql`insert into message_feedback (message_id, tenant_id, spark_id, conversation_id, rating, created_at)
    select m.id, ${tenantId}, ${sparkId}, m.conversation_id, case when ${hash(sql.raw('m.id'), 'rating')} < 0.7 then 'up' else 'down' end,
      m.created_at + interval '20 seconds'
    from chat_messages m join conversations c on c.id = m.conversation_id
    where c.spark_id = ${sparkId} and m.type = 'ai' and ${hash(sql.raw('m.id'), 'vote')} < 0.1`);
  return sparkId;
}

async function timeRoute(app: FastifyInstance, authorization: string, sparkId: string, days: string) {
  const url = `/api/v1/sparks/${sparkId}/insights?days=${days}`;
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`insights answered ${response.statusCode}: ${response.payload.slice(0, 300)}`);
    return { elapsed, body: response.json() as { data: { totals: { questions: number } } } };
  };
  for (let run = 0; run < WARM_UP; run += 1) await once();
  const times: number[] = [];
  let questions = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const { elapsed, body } = await once();
    times.push(elapsed);
    questions = body.data.totals.questions;
  }
  return { times, questions };
}

/** The plan as the route runs it (JIT off, see InsightsRepository). */
async function explain(app: FastifyInstance, tenantId: string, sparkId: string, days: number) {
  const analyze = app.database.engine === 'postgres' ? sql`explain (analyze, buffers)` : sql`explain analyze`;
  const rows = await app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf(await tx.execute(sql`${analyze} ${insightsStatement(tenantId, sparkId, insightsPeriod(days))}`));
  });
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

interface Row {
  engine: string;
  spark: string;
  days: string;
  questionsInPeriod: number;
  withinPlans: boolean;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  target: string;
}

async function measureEngine(engine: string, databaseUrl: string | undefined, log: (line: string) => void) {
  const { app, stop } = await startApp(databaseUrl);
  try {
    const account = await owner(app);
    const started = performance.now();
    const year = await seedSpark(app, account, 364.9);
    const quarter = await seedSpark(app, account, 89.9);
    const burst = await seedSpark(app, account, 5.9);
    // As autovacuum leaves a table in production: statistics for the planner, visibility map set.
    await app.database.db.execute(sql`vacuum analyze conversations, chat_messages, message_feedback, documents`);
    const seedSeconds = round((performance.now() - started) / 1000);
    const [count] = rowsOf(await app.database.db.execute(sql`select count(*)::int as n from chat_messages`));
    log(`  ${engine}: ${Number(count?.n)} messages stored in ${seedSeconds} s, timing the route`);
    const rows: Row[] = [];
    for (const [label, sparkId] of [
      ['a year', year],
      ['90 days', quarter],
      ['6 days (stress)', burst],
    ] as const) {
      for (const days of PERIODS) {
        const { times, questions } = await timeRoute(app, account.authorization, sparkId, days);
        const p95 = percentile(times, 95);
        rows.push({
          engine,
          spark: label,
          days,
          questionsInPeriod: questions,
          withinPlans: questions <= planAllows(Number(days)),
          runs: times.length,
          p50Ms: round(percentile(times, 50)),
          p95Ms: round(p95),
          maxMs: round(Math.max(...times)),
          target: p95 < TARGET_P95_MS ? 'met' : 'NOT met',
        });
      }
    }
    const plans = { yearAt90Days: await explain(app, account.tenantId, year, 90), stressAt7Days: await explain(app, account.tenantId, burst, 7) };
    return { rows, seedSeconds, plans };
  } finally {
    await stop();
  }
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const log = (line: string) => console.log(line);
  const engines: Array<{ engine: string; version: string; result: Awaited<ReturnType<typeof measureEngine>> }> = [];
  log('Insights on PGlite');
  engines.push({ engine: 'pglite', version: 'embedded', result: await measureEngine('pglite', undefined, log) });
  const scratch = await scratchPostgres();
  if (scratch) {
    try {
      log(`Insights on PostgreSQL ${scratch.version}`);
      engines.push({ engine: 'postgres', version: scratch.version, result: await measureEngine('postgres', scratch.url, log) });
    } finally {
      await scratch.drop();
    }
  }
  const rows = engines.flatMap(({ result }) => result.rows);
  const met = rows.filter((row) => row.withinPlans).every((row) => row.p95Ms < TARGET_P95_MS);
  console.log(
    `\nGET /sparks/:sparkId/insights through the app, ${RUNS} runs per row after ${WARM_UP} warm-up runs; a Spark with ${(CONVERSATIONS * MESSAGES_EACH) / 1000}k widget messages (target p95 < ${TARGET_P95_MS} ms)`,
  );
  console.table(rows);
  console.log(
    `Target ${met ? 'met' : 'NOT met'} on every period a plan allows (withinPlans); beyond it: ${rows
      .filter((row) => !row.withinPlans)
      .map((row) => `${row.engine} ${row.spark} ${row.days} d ${row.p95Ms} ms`)
      .join(', ')}. EXPLAIN ANALYZE of the year at 90 days and the stress at 7 days: bench/results/insights.json`,
  );
  const cpu = cpus()[0];
  writeFileSync(
    join(RESULTS, 'insights.json'),
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: { cpu: cpu?.model ?? 'unknown', cores: availableParallelism(), node: process.version },
        data: { conversations: CONVERSATIONS, messagesEach: MESSAGES_EACH, documents: DOCUMENTS, unansweredShare: 0.15, votedShare: 0.1 },
        target: { p95Ms: TARGET_P95_MS, metWithinPlans: met },
        rows,
        engines: Object.fromEntries(engines.map(({ engine, version, result }) => [engine, { version, seedSeconds: result.seedSeconds, plans: result.plans }])),
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

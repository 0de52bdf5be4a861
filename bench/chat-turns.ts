/**
 * Chat benchmarks (issue: conversations and the language-model layer):
 * 1. server overhead per test-chat turn with the offline responder, p50/p95 at 1, 16 and 64
 *    concurrent conversations, over real HTTP on loopback;
 * 2. first-token pass-through: from the moment a model server writes its first token to the
 *    moment the browser-side reader sees it through our SSE, beside the same measure taken
 *    straight from the model server (the baseline, same run).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/load-config.js';
import { startFakeModelServer } from '../test/support/fake-model-server.js';
import { percentile, round } from './stats.js';

const RESULTS = join(import.meta.dirname, 'results');

async function startProduct(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'sparks-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST_DIR: join(dir, 'none'),
    RATE_LIMIT_MAX: '1000000',
    CHAT_TURNS_PER_MINUTE: '1000000',
    ...env,
  });
  const app = await buildApp({ config: { ...config, jwtSecret: 'bench-secret-that-is-long-enough-0123456789' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  return { app, url, stop: async () => (await app.close(), rmSync(dir, { recursive: true, force: true })) };
}

/** An account with one Spark and one test, made through the public API. */
async function sparkWithTest(app: FastifyInstance, url: string) {
  const email = `bench.${Date.now()}@example.com`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, email, password: 'Bench-Pass1!', config: { language: 'en' } }),
  });
  const mail = (await app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` })).json() as { data: Array<{ text: string }> };
  const code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
  const verified = (await (
    await fetch(`${url}/auth/verify-code`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, code }) })
  ).json()) as {
    data: { access_token: string };
  };
  const headers = { ...json, authorization: `Bearer ${verified.data.access_token}` };
  const spark = (
    (await (await fetch(`${url}/sparks`, { method: 'POST', headers: { authorization: headers.authorization } })).json()) as { data: { _id: string } }
  ).data;
  const test = (
    (await (await fetch(`${url}/sparks/${spark._id}/tests`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench' }) })).json()) as {
      data: { _id: string };
    }
  ).data;
  return { headers, chatUrl: `${url}/sparks/${spark._id}/chat/${test._id}` };
}

async function overhead(concurrency: number, turnsEach: number, target: { headers: Record<string, string>; chatUrl: string }) {
  const latencies: number[] = [];
  const serverTimes: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      let conversationId: string | undefined;
      for (let turn = 0; turn < turnsEach; turn += 1) {
        const started = performance.now();
        const response = await fetch(target.chatUrl, {
          method: 'POST',
          headers: target.headers,
          body: JSON.stringify({
            input: { text: turn === 0 ? 'inicio' : 'What do you say when a chat starts?' },
            language: 'en',
            ...(conversationId ? { conversationId } : {}),
          }),
        });
        const body = (await response.json()) as { data?: { conversationId: string } };
        if (!response.ok || !body.data) throw new Error(`turn failed with ${response.status}`);
        conversationId = body.data.conversationId;
        latencies.push(performance.now() - started);
        serverTimes.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
      }
    }),
  );
  return {
    concurrency,
    turns: latencies.length,
    serverP50Ms: round(percentile(serverTimes, 50)),
    serverP95Ms: round(percentile(serverTimes, 95)),
    clientP50Ms: round(percentile(latencies, 50)),
    clientP95Ms: round(percentile(latencies, 95)),
  };
}

/** Reads an SSE response until the first event whose name is `event`, returning when it arrived. */
async function firstEventAt(response: Response, matches: (block: string) => boolean): Promise<number> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before the first token');
    buffer += decoder.decode(value, { stream: true });
    if (buffer.split('\n\n').some(matches)) {
      const at = performance.now();
      await reader.cancel();
      return at;
    }
  }
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const offline = await startProduct({});
  const target = await sparkWithTest(offline.app, offline.url);
  await overhead(4, 5, target); // warm-up: JIT, connection pools, prepared plans
  const overheadRows = [];
  for (const concurrency of [1, 16, 64]) overheadRows.push(await overhead(concurrency, { 1: 40, 16: 10, 64: 4 }[concurrency] ?? 4, target));
  await offline.stop();

  const FIRST_TOKEN_DELAY = 50;
  let requestedAt = 0;
  const fake = await startFakeModelServer({
    respond: () => {
      requestedAt = performance.now();
      return { text: 'The first token is here and the rest follows.', firstTokenDelayMs: FIRST_TOKEN_DELAY, delayMs: 5 };
    },
  });
  const real = await startProduct({ LLM_BASE_URL: fake.url, LLM_MODEL: 'bench' });
  const realTarget = await sparkWithTest(real.app, real.url);
  const through: number[] = [];
  const direct: number[] = [];
  for (let run = 0; run < 30; run += 1) {
    const viaProduct = await fetch(realTarget.chatUrl, {
      method: 'POST',
      headers: { ...realTarget.headers, accept: 'text/event-stream' },
      body: JSON.stringify({ input: { text: 'Hello' } }),
    });
    const seen = await firstEventAt(viaProduct, (block) => block.startsWith('event: delta'));
    through.push(seen - (requestedAt + FIRST_TOKEN_DELAY));
    const straight = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    const seenDirect = await firstEventAt(straight, (block) => block.includes('"content"'));
    direct.push(seenDirect - (requestedAt + FIRST_TOKEN_DELAY));
  }
  await real.stop();
  await fake.close();

  const firstToken = {
    runs: through.length,
    throughSparksP50Ms: round(percentile(through, 50)),
    throughSparksP95Ms: round(percentile(through, 95)),
    directP50Ms: round(percentile(direct, 50)),
    directP95Ms: round(percentile(direct, 95)),
    addedP95Ms: round(percentile(through, 95) - percentile(direct, 95)),
  };
  console.log('\nTime per test-chat turn, offline responder: server (Server-Timing) and as the client saw it (target: server p95 < 10 ms)');
  console.table(overheadRows);
  console.log('First token: model server write -> client read, through Sparks SSE vs straight from the model server (target < 20 ms)');
  console.table([firstToken]);
  writeFileSync(
    join(RESULTS, 'chat-turns.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, overhead: overheadRows, firstToken }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

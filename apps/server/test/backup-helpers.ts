import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { runBackupCli } from '#src/backup/backup-cli.js';
import { buildApp } from '#src/app.js';
import { resolveJwtSecret } from '#src/config/jwt-secret.js';
import { TEST_RUN_JOB } from '#src/modules/test-runs/test-runs-service.js';
import { GOOD_PASSWORD, freshEmail, get, post, tokensOf, verifiedAccount } from './accounts-helpers.js';
import { chatClient } from './chat-helpers.js';
import { VELOCITA_POLICY as POLICY, makePdf } from './document-fixtures.js';
import { documentsClient } from './documents-helpers.js';
import { testConfig } from './test-app.js';

/** The signing secret test apps use; written into DATA_DIR as if the server had generated it, so backups carry it. */
export const GENERATED_SECRET = 'generated-secret-of-the-source-0123456789abcdef';

/** Settings of one installation: its data folder, its database (undefined = PGlite) and its S3 bucket, if any. */
export interface Installation {
  dataDir: string;
  databaseUrl: string | undefined;
  s3?: { endpoint: string; bucket: string } | undefined;
}

/** The environment the server and the backup commands read for an installation. */
export function environmentOf(installation: Installation): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: installation.dataDir,
    DATABASE_URL: installation.databaseUrl,
    WEB_DIST_DIR: join(installation.dataDir, 'no-web'),
    ...(installation.s3
      ? { S3_ENDPOINT: installation.s3.endpoint, S3_BUCKET: installation.s3.bucket, S3_ACCESS_KEY_ID: 'TESTKEY', S3_SECRET_ACCESS_KEY: 'test-secret' }
      : {}),
  };
}

/** Starts the whole app on an installation as `npm start` would: the JWT secret comes from DATA_DIR. */
export async function startInstallation(installation: Installation): Promise<FastifyInstance> {
  const config = testConfig(environmentOf(installation));
  const app = await buildApp({ config: { ...config, jwtSecret: resolveJwtSecret({ ...config, jwtSecret: undefined }).secret } });
  await app.ready();
  return app;
}

/** Gives a new installation the generated secret before its first start. */
export function withGeneratedSecret(installation: Installation): Installation {
  mkdirSync(installation.dataDir, { recursive: true });
  writeFileSync(join(installation.dataDir, 'jwt-secret'), `${GENERATED_SECRET}\n`, { mode: 0o600 });
  return installation;
}

/** `npm run backup` / `npm run restore` on an installation, through the same function the commands run. */
export async function runCommand(installation: Installation, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCli(args, environmentOf(installation), { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What a seeded installation holds, for the comparisons after a restore. */
export interface Seeded {
  email: string;
  token: string;
  sparkId: string;
  testId: string;
  conversationId: string;
  documentIds: string[];
  chunkIds: string[];
}

/**
 * Real content through the public API: an account with a Spark, two documents read into passages
 * (Markdown and PDF), a builder conversation, a test chat, a saved test and a finished run; and a
 * second account with a Spark of its own.
 */
export async function seedContent(app: FastifyInstance): Promise<Seeded> {
  const { email, tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const chat = chatClient(app, token);
  const documents = documentsClient(app, token);
  const spark = await chat.newSpark();
  expect((await chat.builder(spark._id, 'Help my customers with returns and warranties')).statusCode).toBe(200);
  const policy = await documents.uploadReady(spark._id, 'policy.md', POLICY);
  const manual = await documents.uploadReady(
    spark._id,
    'manual.pdf',
    await makePdf([
      { heading: 'Opening hours', paragraphs: ['The workshop opens at nine and closes at six, Monday to Saturday.'] },
      { heading: 'Tyre pressure', paragraphs: ['Road tyres take six to eight bar; mountain tyres two to three.'] },
    ]),
  );
  expect([policy.document.status, manual.document.status]).toEqual(['ready', 'ready']);
  const test = await chat.newTest(spark._id, 'Returns');
  const answered = await chat.test(spark._id, test._id, 'Within how many days can bicycles be returned?');
  expect(answered.statusCode, answered.payload).toBe(200);
  const conversationId = (answered.json() as { data: { conversationId: string } }).data.conversationId;
  const headers = { authorization: `Bearer ${token}` };
  const saved = await app.inject({
    method: 'POST',
    url: `/api/v1/sparks/${spark._id}/test-cases`,
    headers,
    payload: { testId: test._id, name: 'Returns', checks: [{ turn: 0, mustInclude: ['30 days'], citesDocumentId: policy.document._id }] },
  });
  expect(saved.statusCode, saved.payload).toBe(201);
  expect((await app.inject({ method: 'POST', url: `/api/v1/sparks/${spark._id}/test-runs`, headers })).statusCode).toBe(202);
  await app.jobs.idle(TEST_RUN_JOB);
  const hits = (await documents.search(spark._id, 'tyre pressure returns warranty')).json().data as Array<{ chunkId: string }>;
  expect(hits.length).toBeGreaterThan(0);

  const other = await verifiedAccount(app, freshEmail('other'));
  await chatClient(app, other.tokens.access_token).newSpark();
  return {
    email,
    token,
    sparkId: spark._id,
    testId: test._id,
    conversationId,
    documentIds: [policy.document._id, manual.document._id],
    chunkIds: hits.map((hit) => hit.chunkId),
  };
}

/** The GETs compared before and after a restore, each URL with its answer's status and body. */
export async function apiAnswers(app: FastifyInstance, seeded: Seeded): Promise<Record<string, { status: number; body: unknown }>> {
  const { sparkId } = seeded;
  const urls = [
    '/account/profile',
    '/sparks',
    `/sparks/${sparkId}/tests`,
    `/sparks/${sparkId}/tests/${seeded.testId}`,
    `/sparks/${sparkId}/documents`,
    ...seeded.documentIds.map((id) => `/sparks/${sparkId}/documents/${id}`),
    ...seeded.chunkIds.map((id) => `/sparks/${sparkId}/passages/${id}`),
    `/sparks/${sparkId}/search?q=${encodeURIComponent('How long is the frame warranty?')}`,
    `/llm/chat-history/${seeded.conversationId}`,
    `/sparks/${sparkId}/test-cases`,
    `/sparks/${sparkId}/test-runs`,
    `/objectives/${sparkId}?lang=en`,
    '/billing/usage',
    `/sparks/${sparkId}/deploy`,
  ];
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (const url of urls) {
    const response = await get(app, url, seeded.token);
    answers[url] = { status: response.statusCode, body: response.json() };
  }
  return answers;
}

/** The restored installation answers like the original, field by field, and its account can log in. */
export async function expectSameAnswers(app: FastifyInstance, seeded: Seeded, before: Record<string, { status: number; body: unknown }>): Promise<void> {
  // The comparison means something only over real content.
  const data = (url: string) => (before[url]?.body as { data: unknown }).data;
  const { sparkId } = seeded;
  expect(data(`/sparks/${sparkId}/documents`)).toHaveLength(2);
  expect(data(`/sparks/${sparkId}/test-cases`)).toHaveLength(1);
  expect((data(`/sparks/${sparkId}/test-runs`) as unknown[]).length).toBeGreaterThan(0);
  expect((data(`/llm/chat-history/${seeded.conversationId}`) as { messages: unknown[] }).messages.length).toBeGreaterThan(1);
  expect((data(`/sparks/${sparkId}/search?q=${encodeURIComponent('How long is the frame warranty?')}`) as unknown[]).length).toBeGreaterThan(0);
  const after = await apiAnswers(app, seeded);
  for (const [url, answer] of Object.entries(before)) {
    expect(answer.status, url).toBe(200);
    expect(after[url], url).toEqual(answer);
  }
  expect(tokensOf(await post(app, '/auth/login', { username: seeded.email, password: GOOD_PASSWORD })).access_token).toBeTruthy();
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startFakeModelServer, type FakeChatRequest, type FakeModelServer } from '../../../test/support/fake-model-server.js';
import { appOnTarget } from './test-app.js';
import type { TestDatabaseTarget } from './test-databases.js';

/**
 * An app whose language model is a fake OpenAI-compatible server on loopback (for the suite's
 * lifetime), so tests script the model's answers and tool calls and read what it was sent.
 */
export function appWithFakeModel(target: TestDatabaseTarget, extraEnv: Record<string, string> = {}, options: Parameters<typeof startFakeModelServer>[0] = {}) {
  let fake: FakeModelServer | undefined;
  // Filled before the app starts: the fake's address is known only once it listens. The caller's own object, so a
  // beforeAll the suite registered earlier may add an address it learns (another fake's).
  const env: Record<string, string> = extraEnv;
  beforeAll(async () => {
    fake = await startFakeModelServer(options);
    Object.assign(env, { LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '8000', LLM_IDLE_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => fake?.close());
  const app: () => FastifyInstance = appOnTarget(target, env);
  return {
    app,
    fake: (): FakeModelServer => {
      if (!fake) throw new Error('the fake model server has not started');
      return fake;
    },
    /** The system prompt of one request the model received. */
    systemOf: (request: FakeChatRequest): string => String(request.messages.find((message) => message.role === 'system')?.content ?? ''),
  };
}

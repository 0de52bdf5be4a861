import { API_BASE_PATH, API_ROUTES } from '@sparks/contract';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_KEY_SCOPES } from '#src/auth/route-key-scopes.js';
import { startTestApp } from './test-app.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}
interface OpenApi {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
}

const openApiPath = (path: string) => `${API_BASE_PATH}${path}`.replace(/:(\w+)/g, '{$1}');

/** The API reference is good enough to generate a client from (decision 0043): Redocly's recommended rules find no error in it. */
describe('the OpenAPI document', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let document: OpenApi;
  beforeAll(async () => {
    harness = await startTestApp(undefined);
    document = harness.app.swagger() as unknown as OpenApi;
  });
  afterAll(async () => harness?.stop());

  it("passes Redocly's recommended lint without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('names every operation once, sums each up, and says who may call it as the policy does', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !operation.summary?.trim()).map((operation) => operation.operationId)).toEqual([]);
    // A contract route is named as the contract names it, so a generated client reads like the web app's calls.
    expect(document.paths[openApiPath(API_ROUTES.askSpark.path)]?.post?.operationId).toBe('askSpark');
    for (const name of Object.keys(ROUTE_KEY_SCOPES) as Array<keyof typeof ROUTE_KEY_SCOPES>) {
      const route = API_ROUTES[name];
      expect(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.security, name).toEqual([{ bearer: [] }, { apiKey: [] }]);
    }
    expect(document.paths[openApiPath(API_ROUTES.team.path)]?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths[openApiPath(API_ROUTES.login.path)]?.post?.security).toEqual([]);
    expect(document.paths[openApiPath(API_ROUTES.widgetChat.path)]?.post?.security).toEqual([]);
  });

  it('publishes an example call for every group of operations, and the server it runs on', () => {
    const used = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => operation.tags ?? [])));
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    expect([...used].filter((tag) => !/```sh\ncurl /.test(described.get(tag) ?? ''))).toEqual([]);
    expect(document.servers?.length).toBeGreaterThan(0);
  });
});

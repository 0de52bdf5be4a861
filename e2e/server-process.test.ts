import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './support/start-server';

async function health(url: string) {
  const response = await fetch(`${url}/api/v1/health`);
  return { status: response.status, body: (await response.json()) as { data: { status: string; installedAt: string } } };
}

describe('the product process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sparks-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the page and the API, shuts down cleanly on SIGTERM and keeps its data across a restart', async () => {
    const first = await startServer({ dataDir });
    const page = await fetch(`${first.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    const before = await health(first.url);
    expect(before.status).toBe(200);
    expect(before.body.data.status).toBe('ok');
    for (const concern of ['database:', 'files:', 'mail:', 'language model:', 'payments:']) expect(first.output()).toContain(concern);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startServer({ dataDir });
    const after = await health(second.url);
    expect(after.body.data.installedAt).toBe(before.body.data.installedAt);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('refuses to start in production without JWT_SECRET', async () => {
    await expect(startServer({ env: { NODE_ENV: 'production' } })).rejects.toThrow(/exited with 1[\s\S]*JWT_SECRET is required/);
  });

  it('answers unknown API routes and bad JSON in the error shape over real HTTP', async () => {
    const server = await startServer();
    try {
      const missing = await fetch(`${server.url}/api/v1/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      const malformed = await fetch(`${server.url}/api/v1/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"oops":',
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'INVALID_JSON', status: 400 });
    } finally {
      await server.stop();
    }
  });
});

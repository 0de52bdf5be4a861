import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '#test/test-app.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { loadConfig } from './load-config.js';

describe('resolveJwtSecret', () => {
  const dirs: Array<{ remove(): void }> = [];
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

  it('generates a secret once, keeps it private in DATA_DIR and reuses it on the next start', () => {
    const dir = makeTempDir();
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir.path });
    const first = resolveJwtSecret(config);
    expect(first.source).toBe('generated');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const file = join(dir.path, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = resolveJwtSecret(config);
    expect(second).toEqual({ secret: first.secret, source: 'data-dir' });
  });

  it('prefers JWT_SECRET and writes nothing', () => {
    const dir = makeTempDir();
    dirs.push(dir);
    const secret = 's'.repeat(40);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir.path, JWT_SECRET: secret }))).toEqual({ secret, source: 'environment' });
    expect(() => statSync(join(dir.path, 'jwt-secret'))).toThrow();
  });
});

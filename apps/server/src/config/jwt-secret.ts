import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

const SECRET_FILE = 'jwt-secret';

/**
 * The signing secret: JWT_SECRET when given; otherwise (never in production, which loadConfig
 * refuses) one generated on first start and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveJwtSecret(config: Config): { secret: string; source: 'environment' | 'generated' | 'data-dir' } {
  if (config.jwtSecret) return { secret: config.jwtSecret, source: 'environment' };
  const file = join(config.dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return { secret: stored, source: 'data-dir' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: 'generated' };
}

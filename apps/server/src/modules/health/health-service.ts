import { APP_VERSION, ERROR_CODES, type Health } from '@sparks/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { HealthRepository } from './health-repository.js';

export class HealthService {
  private readonly repository: HealthRepository;
  private readonly startedAt = Date.now();

  constructor(private readonly database: Database) {
    this.repository = new HealthRepository(database.db);
  }

  async check(): Promise<Health> {
    const started = performance.now();
    try {
      await this.repository.ping();
      const installedAt = await this.repository.installedAt();
      return {
        status: 'ok',
        version: APP_VERSION,
        database: {
          engine: this.database.engine,
          vectors: this.database.vectors,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        installedAt,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      };
    } catch {
      throw new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'The database is not reachable');
    }
  }
}

import { healthResponseSchema } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { appOnTarget, startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('GET /api/v1/health on $name', (target) => {
  const app = appOnTarget(target);

  it('answers 200 with the database it checked', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.data.status).toBe('ok');
    expect(body.data.version).toBe('1.0.11');
    expect(body.data.database.engine).toBe(target.name);
    expect(Date.parse(body.data.installedAt)).not.toBeNaN();
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    const database = await target.create();
    const broken = await startTestApp(database.databaseUrl);
    await broken.app.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: ['The database is not reachable'], code: 'SERVICE_UNAVAILABLE', status: 503 });
    await broken.stop();
    await database.drop();
  });
});

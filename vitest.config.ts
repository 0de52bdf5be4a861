import { defineConfig } from 'vitest/config';

// Two cores on the build machines: keep at most two test files running at once.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'repo', include: ['test/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['test/support/pglite-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['test/support/pglite-template-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page change loads a lazy route chunk; on a busy machine that outlasts expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Two cores on the build machines, and the tests wait on browsers, child servers and sockets about
// half the time: three files at once keep both cores busy without starving a timed check.
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'repo', include: ['test/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Each file builds its own app and database; the modules they import hold no state between files, so a
          // worker keeps them loaded rather than importing the whole server again for every file.
          isolate: false,
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
          // A browser test walks a whole flow (sign-up, upload, deploy, a visitor's chat); on a machine running slower
          // than usual one took 61 s. The ceiling only stops a hung test: every step inside waits for its event.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page change loads a lazy route chunk; on a busy machine that outlasts expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

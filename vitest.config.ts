import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
// Two server processes sharing one database: PostgreSQL only, so they run in server-postgres alone.
const postgresOnlyTests = ['apps/server/src/**/multi-instance.test.ts'];
// Whole clusters (haproxy, several server processes, Prometheus) on PostgreSQL and Redis: their own project, one file
// at a time, run only when CI's TEST_DATABASE_URL and TEST_REDIS_URL are set (each file also checks its binaries).
const clusterTests = ['apps/server/src/**/*.cluster.test.ts'];
const clusterEnabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
// Generous: a multi-instance file starts server processes, and two files run at once on a 2-core machine.
const slow = { testTimeout: 120_000, hookTimeout: 180_000 };
// Server tests share no state across files (a database each; a Redis database per worker), so a worker
// runs its files on one module graph (`isolate: false`): importing the server once per worker rather than
// once per file took a sample of 17 files from 113 s to 33 s (docs/architecture.md, "Tests").
// The web's component tests stay isolated: jsdom and MSW keep state across files.
const serverSetup = ['apps/server/src/test/worker-redis.ts'];
const serverFiles = { setupFiles: serverSetup, isolate: false, ...slow };

// Projects: pure rules, web logic, server API on PGlite, the same server tests again on a real
// PostgreSQL when TEST_DATABASE_URL is set (CI), and the browser tests (run last, two files at a time).
export default defineConfig({
  test: {
    // Two test files at a time even on a 2-core machine: the server files spend much of their time
    // waiting on PostgreSQL, Redis and child processes (the cluster files stay one at a time).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // The benchmarks' own checks (bench/room-checks.ts): pure functions, no servers.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      // The web's logic tests run in Node; its component tests (`// @vitest-environment jsdom`) in a DOM
      // with MSW answering the API from the shared schemas (apps/web/src/test/setup.ts).
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A component test clicks through a whole flow: on a loaded 2-core machine that took over 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests, ...clusterTests],
          env: { TEST_DB: 'pglite' },
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: process.env.TEST_DATABASE_URL ? serverTests : [],
          exclude: [...configDefaults.exclude, ...clusterTests],
          passWithNoTests: true,
          env: { TEST_DB: 'postgres' },
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'cluster',
          include: clusterEnabled ? clusterTests : [],
          passWithNoTests: true,
          env: { TEST_DB: 'postgres' },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two browser files at a time (each its own server, database and Chromium): much of a file's
          // time is waiting (an opening a minute ahead, debounced searches, a tear's animation), so
          // two at once take CI's browser tests from about 15 minutes to 9. The frame-budget checks
          // know another Chromium shares the cores (e2e/support/frame-budget.ts).
          env: { E2E_FILES_AT_ONCE: '2' },
          // A page's state polled (`expect.poll`) gets as long as the suite's other page waits: the 1 s
          // default failed on a loaded 2-core machine (a Draw button enabled after 1.2 s).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

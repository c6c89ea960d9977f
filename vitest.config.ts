import { defineConfig } from 'vitest/config';

// Speed choices are decision 049. Two workers, also on two cores: a test file spends much of its time
// waiting for PostgreSQL, Chromium or a timer, and vitest's default (cores − 1) would leave one core idle.
const WORKERS = 2;

const apiFiles = ['src/server/**/*.test.ts'];
const pgProject = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'api-pg',
          maxWorkers: WORKERS,
          include: apiFiles,
          // Files share a worker's imported modules: each still builds its own app on its own database.
          isolate: false,
          globalSetup: ['tests/setup/global-pg.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Faults need a real PostgreSQL to break: connections killed under load, row locks held from outside.
      // One file at a time, after the rest: they check answers within a second while something is broken.
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/setup/global-pg.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      // Several real server processes on one PostgreSQL database. They mostly wait (for a start, a sweep or an
      // event), so they share the pool rather than run alone at the end.
      {
        test: {
          name: 'processes',
          maxWorkers: WORKERS,
          include: ['tests/processes/**/*.test.ts'],
          globalSetup: ['tests/setup/global-pg.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

// Rate-limit counters in a real Redis (REDIS_URL in production), when one answers.
const redisProject = process.env.TEST_REDIS_URL
  ? [
      {
        test: {
          name: 'redis',
          maxWorkers: WORKERS,
          include: ['tests/redis/**/*.test.ts'],
          // Whole apps on the embedded database, counting in Redis (client-addresses-hashed-in-redis).
          globalSetup: ['tests/setup/global-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: WORKERS,
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          maxWorkers: WORKERS,
          include: apiFiles,
          isolate: false,
          globalSetup: ['tests/setup/global-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...pgProject,
      ...redisProject,
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/global-pglite.ts'],
          setupFiles: ['tests/e2e/no-page-faults.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // In the same pool as the API files, two at a time in all: a browser file's waits leave room for an
          // API file, instead of 40 browser files running one by one after everything else.
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});

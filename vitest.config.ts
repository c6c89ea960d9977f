import { defineConfig } from 'vitest/config';

const apiFiles = ['src/server/**/*.test.ts'];
const pgProject = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'api-pg',
          include: apiFiles,
          globalSetup: ['tests/setup/global-pg.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Faults need a real PostgreSQL to break: connections killed under load, row locks held from outside.
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
      // Several real server processes on one PostgreSQL database.
      {
        test: {
          name: 'processes',
          include: ['tests/processes/**/*.test.ts'],
          globalSetup: ['tests/setup/global-pg.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
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
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'tests/lint/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: apiFiles,
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
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database, Db } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { createTestDatabase } from './test-database';

/**
 * A test database of its own for a file of job-queue tests, with the jobs table emptied before each test.
 * Read `.db` inside the tests: it is there once beforeAll has run.
 */
export function jobsDatabaseForThisFile(): { readonly db: Db } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database?.db.delete(jobs);
  });
  return {
    get db() {
      if (!database) throw new Error('the jobs database is not open yet');
      return database.db;
    },
  };
}

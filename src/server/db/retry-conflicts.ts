import type { Db } from './types';

// PostgreSQL's codes for a transaction it chose to abort so that others can go on: a deadlock, or a
// serialization failure. Running the whole transaction again is the documented answer to both.
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** PostgreSQL's SQLSTATE of a failed query, or undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  // Drizzle wraps the driver's error; the code sits on it or on its cause.
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export function isRetryableConflict(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && RETRYABLE.has(code);
}

/**
 * Makes `db.transaction` run a transaction again when PostgreSQL aborted it as a deadlock victim. Two
 * account deletions whose users bid on each other's rounds lock each other's rows in opposite order; one is
 * aborted, and on its second run it simply waits for the other. Transactions here do only database work
 * (mail, SMS and file deletions are queued as rows), so running one again is safe.
 */
export function retryConflicts(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => retryingConflicts(() => transaction(run, config))) as Db['transaction'];
  return db;
}

/** Runs `work` (a transaction, or one statement that is its own) again if PostgreSQL aborted it as above. */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      // A short random pause, so that the two transactions do not meet again in the same step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

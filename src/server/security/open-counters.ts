import { Redis } from 'ioredis';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { type Counters, MemoryCounters } from './counters';
import { PgCounters } from './pg-counters';
import { RedisCounters } from './redis-counters';

export interface OpenCounters {
  counters: Counters;
  /** Where they live, for the start-up log. */
  kind: 'redis' | 'postgresql' | 'memory';
  close(): Promise<void>;
}

/**
 * The rate-limit counters for this process: in Redis with REDIS_URL, else in PostgreSQL with DATABASE_URL,
 * so that every process counts as one; in memory with the embedded database, which one process owns. A
 * REDIS_URL that does not answer stops the start with a clear message: silently counting per process
 * instead would weaken every limit without anyone noticing.
 */
export async function openCounters(env: Env, database: Database): Promise<OpenCounters> {
  if (env.REDIS_URL) {
    const redis = new Redis(env.REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 5_000,
      // A request waits for one try, not for a reconnection: the limits answer 503 while Redis is away.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // Until connect() has settled, ioredis reports a failure as an 'error' event as well: heard, not thrown.
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      const where = new URL(env.REDIS_URL).host;
      throw new Error(`REDIS_URL: Redis at ${where} does not answer (${(error as Error).message})`);
    }
    return {
      counters: new RedisCounters(redis),
      kind: 'redis',
      close: async () => void (await redis.quit()),
    };
  }
  if (database.kind === 'pg')
    return { counters: new PgCounters(database.db), kind: 'postgresql', close: async () => {} };
  return { counters: new MemoryCounters(systemClock), kind: 'memory', close: async () => {} };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Db } from './types';

interface Checkout {
  client?: pg.PoolClient;
  released: boolean;
}

const checkouts = new AsyncLocalStorage<Checkout>();

/**
 * Drizzle's node-postgres `transaction()` checks a client out and then sends `begin` *before* its
 * try/finally, so when the connection dies right there (a restart, pg_terminate_backend) the client is
 * never released: the pool shrinks by one for good, and after enough faults every request waits for a
 * connection that never comes. This notes which client each transaction took (the checkout happens inside
 * the transaction's async context) and releases it, as broken, if drizzle did not.
 */
export function releaseOnFailedBegin(pool: pg.Pool, db: Db): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  const patched = async (): Promise<pg.PoolClient> => {
    const client = (await connect()) as pg.PoolClient;
    const checkout = checkouts.getStore();
    if (checkout && !checkout.client) {
      checkout.client = client;
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        checkout.released = true;
        return release(err);
      };
    }
    return client;
  };
  // pool.query() checks out with a callback and releases by itself: only the promise form is watched.
  (pool as { connect: (callback?: unknown) => unknown }).connect = (callback?: unknown) =>
    callback ? connect(callback) : patched();

  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    const checkout: Checkout = { released: false };
    return checkouts.run(checkout, async () => {
      try {
        return await transaction(run, config);
      } catch (error) {
        // Released with the error, so the pool drops the connection rather than handing it out again.
        if (checkout.client && !checkout.released) checkout.client.release(error as Error);
        throw error;
      }
    });
  }) as Db['transaction'];
}

import type pg from 'pg';
import { DatabaseUnreachable } from './unavailable';

type Connect = (callback?: (error: Error | undefined, ...rest: unknown[]) => void) => unknown;

/**
 * Marks every failure to get a connection from the pool as DatabaseUnreachable, whatever its cause: a
 * refused port, a missing Unix socket (ENOENT, when the server is stopped and DATABASE_URL names its socket
 * directory), a host name that no longer resolves, a timeout. Listing every such code would miss the next
 * one, and a bare ENOENT or ENOTFOUND elsewhere in a request means something else; here it can only mean
 * that the database is out of reach, which the error handler answers with 503.
 */
export function markConnectFailures(pool: pg.Pool): void {
  const connect = (pool.connect as Connect).bind(pool);
  // pool.query() checks out with a callback; transactions use the promise form.
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    if (callback)
      return connect((error, ...rest) => callback(error ? new DatabaseUnreachable(error) : error, ...rest));
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw new DatabaseUnreachable(error);
    });
  };
}

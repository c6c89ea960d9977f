// Why the database could not do its part, as PostgreSQL and node-postgres say it. Each means "try again
// shortly", never "your request was wrong" and never "the server is broken".
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is restarting, or the connection was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '55P03', // lock_not_available: lock_timeout ran out waiting for a row lock
  '57014', // query_canceled: statement_timeout ran out
  '25P03', // idle_in_transaction_session_timeout
  '40P01', // deadlock_detected, still after retryConflicts' tries
  '40001', // serialization_failure, likewise
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** No connection could be had from the pool: see connect-failures.ts. */
export class DatabaseUnreachable extends Error {
  constructor(cause: unknown) {
    super(`could not connect to the database: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnreachable';
  }
}

/** Whether an error, or anything in its cause chain, says the database is away or too busy right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e instanceof DatabaseUnreachable) return true;
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

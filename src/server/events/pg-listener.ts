import pg from 'pg';

export interface ListenHandlers {
  onMessage: (payload: string) => void;
  /** The connection was lost and is back: notifications sent meanwhile are gone, so listeners catch up. */
  onReconnect: () => void;
  onError?: (error: Error) => void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * One LISTEN connection per process, outside the pool: it is held for the process's life and must not
 * take a request's place. After a lost connection (a database restart) it reconnects with backoff, for as
 * long as the process runs, and says so, since notifications sent while it was away are not replayed.
 */
export async function listenPg(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) handlers.onError?.(error);
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) timer = setTimeout(() => void reconnect(), retryMs);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The caller retries; this half-open client must not schedule a retry of its own as well.
      lost = true;
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  };

  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      handlers.onReconnect();
    } catch (error) {
      handlers.onError?.(error as Error);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      if (!stopped) timer = setTimeout(() => void reconnect(), retryMs);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

// Apart from session-store.ts, so that the auth cache, which the store fills, can name it without
// importing the store back (decision 031).
/** What a session row holds (the `sess` column). */
export interface SessionData {
  userId?: string;
  /** Epoch ms of login; the absolute timeout counts from here. */
  createdAt?: number;
  /** Epoch ms of the last request that refreshed the session; the idle timeout counts from here. */
  lastSeenAt?: number;
}

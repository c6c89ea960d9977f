import type { EventHub } from '../events/event-hub';
import type { SessionData } from './session-data';
import type { Viewer } from './viewer';

/**
 * How long a cached session or user may be used without asking the database again. Ended sessions and
 * changed users are dropped at once by their events (any process); this only bounds the harm of an event
 * that never came.
 */
export const AUTH_CACHE_MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  userId: string | null;
  storedAt: number;
}

/**
 * The sessions and users of recent requests, per process. Without it every API request costs two queries
 * before its own (measured: 3 queries and 8 ms for the signed-in round list on PostgreSQL, two of them
 * this). A session ended anywhere (logout, password change, deletion) or a user changed anywhere publishes
 * an event in the same transaction; every process drops its copies when it hears it. While the event
 * listener is down, nothing is cached, since those events could be missed.
 */
export class AuthCache {
  private readonly sessions = new Map<string, Entry<SessionData>>();
  private readonly viewers = new Map<string, Entry<Viewer>>();
  /** Raised by every drop: a read that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly events: Pick<EventHub, 'isListening' | 'onBusEvent'>,
    private readonly maxAgeMs = AUTH_CACHE_MAX_AGE_MS,
  ) {
    events.onBusEvent((event) => {
      if (event.type === 'sessions' || event.type === 'user') this.dropUser(event.userId);
      else if (event.type === 'resync') this.clear();
    });
  }

  /** Call before reading from the database; pass the result to the set call. */
  begin(): number {
    return this.generation;
  }

  getSession(sid: string): SessionData | undefined {
    return this.fresh(this.sessions, sid);
  }

  setSession(sid: string, session: SessionData, began: number): void {
    this.store(this.sessions, sid, session, session.userId ?? null, began);
  }

  dropSession(sid: string): void {
    this.generation++;
    this.sessions.delete(sid);
  }

  getViewer(userId: string): Viewer | undefined {
    return this.fresh(this.viewers, userId);
  }

  setViewer(viewer: Viewer, began: number): void {
    this.store(this.viewers, viewer.id, viewer, viewer.id, began);
  }

  dropUser(userId: string): void {
    this.generation++;
    this.viewers.delete(userId);
    for (const [sid, entry] of this.sessions) if (entry.userId === userId) this.sessions.delete(sid);
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.viewers.clear();
  }

  private fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    if (!this.events.isListening) return undefined;
    const entry = map.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.maxAgeMs) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private store<T>(map: Map<string, Entry<T>>, key: string, value: T, userId: string | null, began: number) {
    if (began !== this.generation || !this.events.isListening) return;
    // A full cache starts over: simpler than LRU, and a miss costs only the query it would have cost anyway.
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, userId, storedAt: Date.now() });
  }
}

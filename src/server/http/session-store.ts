import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { publishEvent } from '../events/bus-event';
import type { AuthCache } from './auth-cache';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Epoch ms of login; the absolute timeout counts from here. */
    createdAt?: number;
    /** Epoch ms of the last request that refreshed the session; the idle timeout counts from here. */
    lastSeenAt?: number;
    /** Set only during the login request: the one time a session row may be created. */
    justLoggedIn?: boolean;
  }
}

/** Server-side sessions in the `sessions` table. Rows past `expire` are treated as absent. */
export class DbSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache?: AuthCache,
  ) {}

  /**
   * Only the login request creates a row. Every later save only updates, so a request that was in flight
   * when logout or a password change deleted the row cannot bring the session back.
   */
  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const now = this.clock.now().getTime();
    const idleEnd = (session.lastSeenAt ?? now) + SESSION_IDLE_MS;
    const absoluteEnd = (session.createdAt ?? now) + SESSION_ABSOLUTE_MS;
    const expire = new Date(Math.min(idleEnd, absoluteEnd));
    const { justLoggedIn, ...stored } = session;
    const userId = session.userId ?? null;
    const write = justLoggedIn
      ? this.db
          .insert(sessions)
          .values({ sid, sess: stored, expire, userId })
          .onConflictDoUpdate({ target: sessions.sid, set: { sess: stored, expire, userId } })
      : this.db.update(sessions).set({ sess: stored, expire, userId }).where(eq(sessions.sid, sid));
    write.then(() => {
      this.cache?.dropSession(sid);
      callback();
    }, callback);
  }

  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    const cached = this.cache?.getSession(sid);
    // A copy: the session plugin changes the object it is given (the idle deadline, say).
    if (cached) {
      callback(null, structuredClone(cached));
      return;
    }
    const began = this.cache?.begin() ?? 0;
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, this.clock.now())))
      .then((rows) => {
        const session = (rows[0]?.sess as Session | undefined) ?? null;
        if (session) this.cache?.setSession(sid, structuredClone(session), began);
        callback(null, session);
      }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.cache?.dropSession(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .returning({ userId: sessions.userId })
      // The session's live streams, on whichever process, end with it (logout in another tab, say).
      .then(([row]) =>
        row?.userId ? publishEvent(this.db, { type: 'sessions', userId: row.userId }) : undefined,
      )
      .then(() => callback(), callback);
  }
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return deleted.length;
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { publishEvent } from '../events/bus-event';
import type { AuthCache } from './auth-cache';
import type { SessionData } from './session-data';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When a session ends: 7 days after it was last used, 30 days after login at the latest. A time missing from
 * the data counts as `fallback` (now, for a session being written; 0, an ended one, for one being read).
 */
export function sessionExpiresAt(data: SessionData, fallback: number): number {
  return Math.min(
    (data.lastSeenAt ?? fallback) + SESSION_IDLE_MS,
    (data.createdAt ?? fallback) + SESSION_ABSOLUTE_MS,
  );
}

/** Server-side sessions in the `sessions` table. Rows past `expire` are treated as absent. */
export class DbSessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache?: AuthCache,
  ) {}

  /**
   * Only the login (`create`) makes a row. Every later save only updates, so a request that was in flight
   * when logout or a password change deleted the row cannot bring the session back.
   */
  async set(sid: string, data: SessionData, create = false): Promise<void> {
    const expire = new Date(sessionExpiresAt(data, this.clock.now().getTime()));
    const sess = { userId: data.userId, createdAt: data.createdAt, lastSeenAt: data.lastSeenAt };
    const userId = data.userId ?? null;
    await (create
      ? this.db
          .insert(sessions)
          .values({ sid, sess, expire, userId })
          .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } })
      : this.db.update(sessions).set({ sess, expire, userId }).where(eq(sessions.sid, sid)));
    this.cache?.dropSession(sid);
  }

  async get(sid: string): Promise<SessionData | null> {
    const cached = this.cache?.getSession(sid);
    if (cached) return { ...cached };
    const began = this.cache?.begin() ?? 0;
    const rows = await this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, this.clock.now())));
    const data = (rows[0]?.sess as SessionData | undefined) ?? null;
    if (data) this.cache?.setSession(sid, { ...data }, began);
    return data;
  }

  async destroy(sid: string): Promise<void> {
    this.cache?.dropSession(sid);
    const [row] = await this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .returning({ userId: sessions.userId });
    // The session's live streams, on whichever process, end with it (logout in another tab, say).
    if (row?.userId) await publishEvent(this.db, { type: 'sessions', userId: row.userId });
  }
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return deleted.length;
}

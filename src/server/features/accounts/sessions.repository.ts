import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { publishEvent } from '../../events/bus-event';

/** The ids of a user's sessions that have not expired. */
export async function findLiveSessionIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, sql`now()`)));
  return rows.map((r) => r.sid);
}

/** Ends every session of a user, or every one but `exceptSid` (the one making the change). */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSid?: string): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptSid ? and(mine, ne(sessions.sid, exceptSid)) : mine);
  // Their live streams end with them, on every process (events/event-hub.ts).
  await publishEvent(db, { type: 'sessions', userId });
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bids, users } from '../../db/schema';
import { viewerColumns } from '../../db/viewer-columns';

export async function findUnverifiedUsers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      emailVerificationSentAt: users.emailVerificationSentAt,
    })
    .from(users)
    .where(and(eq(users.emailVerified, false), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt));
}

/** Every account that has not been deleted (or just one), with how many bids it has placed and when it last bid. */
export async function findUsersWithActivity(db: DbOrTx, onlyId?: string) {
  const activity = db
    .select({
      userId: bids.userId,
      bidCount: sql<number>`count(*)::int`.as('bid_count'),
      lastBidAt: sql<Date>`max(${bids.createdAt})`.as('last_bid_at'),
    })
    .from(bids)
    .groupBy(bids.userId)
    .as('activity');
  const rows = await db
    .select({
      ...viewerColumns,
      updatedAt: users.updatedAt,
      bidCount: activity.bidCount,
      lastBidAt: activity.lastBidAt,
    })
    .from(users)
    .leftJoin(activity, eq(activity.userId, users.id))
    .where(and(isNull(users.deletedAt), onlyId ? eq(users.id, onlyId) : undefined))
    .orderBy(desc(users.createdAt));
  return rows.map((r) => ({
    ...r,
    bidCount: Number(r.bidCount ?? 0),
    // An aggregate in a subquery comes back as text from some drivers: make it a Date either way.
    lastBidAt: r.lastBidAt ? new Date(r.lastBidAt) : null,
  }));
}

export async function countBidsOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bids).where(eq(bids.userId, userId));
  return Number(row?.n ?? 0);
}

/** Removes an account row for good. Only for accounts that never took part (rejected registrations). */
export async function deleteUserRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/** Whether the account row exists at all, deleted (scrubbed) or not. */
export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return rows.length > 0;
}

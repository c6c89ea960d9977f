import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetRequests, users } from '../../db/schema';

export async function insertResetRequest(db: DbOrTx, userId: string, reason: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ userId, reason });
}

/**
 * Opens a request for the user if `userId` is a live account, and otherwise does the same lookup and inserts
 * nothing. Forgot-password calls it with a made-up id for an unknown address, so both cost the same.
 */
export async function insertResetRequestIfLive(db: DbOrTx, userId: string, reason: string): Promise<void> {
  await db.execute(sql`
    insert into password_reset_requests (user_id, reason)
    select id, ${reason} from users where id = ${userId} and deleted_at is null`);
}

/** Marks a user's open reset requests completed: the password was just set. */
export async function completeResetRequests(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResetRequests)
    .set({ isCompleted: true, completedAt: sql`now()` })
    .where(and(eq(passwordResetRequests.userId, userId), eq(passwordResetRequests.isCompleted, false)));
}

/**
 * When the reset link with this token hash was sent, if it still belongs to a live account. Only a look:
 * no lock, nothing changed, so asking does not spend the link.
 */
export async function findResetTokenSentAt(db: DbOrTx, tokenHash: string): Promise<Date | null> {
  const rows = await db
    .select({ sentAt: users.passwordResetSentAt })
    .from(users)
    .where(and(eq(users.passwordResetToken, tokenHash), isNull(users.deletedAt)))
    .limit(1);
  return rows[0]?.sentAt ?? null;
}

/** Whether the user still has a request no one has dealt with: a reset mail goes out only then. */
export async function hasOpenResetRequest(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetRequests.id })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.userId, userId), eq(passwordResetRequests.isCompleted, false)))
    .limit(1);
  return rows.length > 0;
}

/** Open requests of live accounts, oldest first: the administrators' queue. */
export async function findPendingResets(db: DbOrTx) {
  return db
    .select({
      id: passwordResetRequests.id,
      reason: passwordResetRequests.reason,
      requestedAt: passwordResetRequests.requestedAt,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isAdmin: users.isAdmin,
      },
    })
    .from(passwordResetRequests)
    .innerJoin(users, eq(users.id, passwordResetRequests.userId))
    .where(and(eq(passwordResetRequests.isCompleted, false), isNull(users.deletedAt)))
    .orderBy(asc(passwordResetRequests.requestedAt));
}

/** One request with its row lock: a second approval or rejection waits, then sees the first one's result. */
export async function lockResetRequest(tx: DbOrTx, id: string) {
  const rows = await tx
    .select({
      id: passwordResetRequests.id,
      userId: passwordResetRequests.userId,
      isApproved: passwordResetRequests.isApproved,
      isCompleted: passwordResetRequests.isCompleted,
    })
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function markResetApproved(tx: DbOrTx, id: string, adminId: string): Promise<void> {
  await tx
    .update(passwordResetRequests)
    .set({
      isApproved: true,
      approvedAt: sql`now()`,
      approvedBy: adminId,
      isCompleted: true,
      completedAt: sql`now()`,
    })
    .where(eq(passwordResetRequests.id, id));
}

export async function deleteResetRequest(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.id, id));
}

/** Account deletion: the requests (and their free-text reasons) go with the person. */
export async function deleteResetRequestsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.userId, userId));
}

export async function findResetRequestUserId(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db
    .select({ userId: passwordResetRequests.userId })
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.id, id));
  return rows[0]?.userId ?? null;
}

/**
 * Retention (decision 014): a request that was dealt with goes `completedDays` after it was completed (the
 * admin_actions trail keeps the record of an approval); one that no one dealt with goes once it is
 * `openDays` old, as no one will act on it any more. Rejected requests are deleted when rejected.
 */
export async function deleteOldResetRequests(
  db: DbOrTx,
  days: { completedDays: number; openDays: number },
): Promise<number> {
  const rows = await db
    .delete(passwordResetRequests)
    .where(
      sql`(${passwordResetRequests.isCompleted}
          and coalesce(${passwordResetRequests.completedAt}, ${passwordResetRequests.requestedAt})
            < now() - make_interval(days => ${days.completedDays}))
        or (not ${passwordResetRequests.isCompleted}
          and ${passwordResetRequests.requestedAt} < now() - make_interval(days => ${days.openDays}))`,
    )
    .returning({ id: passwordResetRequests.id });
  return rows.length;
}

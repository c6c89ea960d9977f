import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetRequests } from '../../db/schema';

export async function insertResetRequest(db: DbOrTx, userId: string, reason: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ userId, reason });
}

/** Marks a user's open reset requests completed: the password was just set. */
export async function completeResetRequests(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResetRequests)
    .set({ isCompleted: true, completedAt: sql`now()` })
    .where(and(eq(passwordResetRequests.userId, userId), eq(passwordResetRequests.isCompleted, false)));
}

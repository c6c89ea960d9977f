import { and, desc, eq } from 'drizzle-orm';
import { adminActions } from '../../db/admin-action-schema';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type NewAdminAction = typeof adminActions.$inferInsert;

export async function insertAdminAction(tx: DbOrTx, row: NewAdminAction): Promise<void> {
  await tx.insert(adminActions).values(row);
}

/** The latest actions on one user or round, with the administrator who took them. */
export async function findActionsOnTarget(db: DbOrTx, targetType: string, targetId: string, limit: number) {
  return db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      summary: adminActions.summary,
      createdAt: adminActions.createdAt,
      admin: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .where(and(eq(adminActions.targetType, targetType), eq(adminActions.targetId, targetId)))
    .orderBy(desc(adminActions.createdAt))
    .limit(limit);
}

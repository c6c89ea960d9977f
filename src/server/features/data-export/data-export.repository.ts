import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { adminActions } from '../../db/admin-action-schema';
import type { DbOrTx } from '../../db/client';
import {
  bidRoundFollowers,
  bidRounds,
  financingProofs,
  passwordResetRequests,
  properties,
  sessions,
  users,
} from '../../db/schema';
import { viewerColumns } from '../../db/viewer-columns';

// The reads behind GET /api/users/me/export that no other feature's service offers. Each one selects its
// columns by name and filters on the user's own id: nothing here can return another person's row.

/** The account row without the password hash and the token hashes. */
export async function findProfileForExport(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      // The viewer's columns (never the password or token hashes), and when mail was last sent and the row changed.
      ...viewerColumns,
      emailVerificationSentAt: users.emailVerificationSentAt,
      passwordResetSentAt: users.passwordResetSentAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/** The user's live sessions: when each began and was last used. The session id is a secret and stays out. */
export async function findSessionsForExport(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
    .orderBy(asc(sessions.expire));
}

export async function findFollowsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      bidRoundId: bidRoundFollowers.bidRoundId,
      followedAt: bidRoundFollowers.createdAt,
      title: properties.title,
      address: properties.address,
    })
    .from(bidRoundFollowers)
    .innerJoin(bidRounds, eq(bidRounds.id, bidRoundFollowers.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRoundFollowers.userId, userId))
    .orderBy(asc(bidRoundFollowers.createdAt));
}

/** Which administrator approved is theirs, not the user's: `approvedBy` stays out. */
export async function findResetRequestsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: passwordResetRequests.id,
      reason: passwordResetRequests.reason,
      requestedAt: passwordResetRequests.requestedAt,
      isApproved: passwordResetRequests.isApproved,
      approvedAt: passwordResetRequests.approvedAt,
      isCompleted: passwordResetRequests.isCompleted,
      completedAt: passwordResetRequests.completedAt,
    })
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.userId, userId))
    .orderBy(asc(passwordResetRequests.requestedAt));
}

/** Metadata only: the files themselves are the user's own uploads, and the storage key is internal. */
export async function findProofsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: financingProofs.id,
      bidId: financingProofs.bidId,
      contentType: financingProofs.contentType,
      byteSize: financingProofs.byteSize,
      createdAt: financingProofs.createdAt,
    })
    .from(financingProofs)
    .where(eq(financingProofs.userId, userId))
    .orderBy(asc(financingProofs.createdAt));
}

/** What administrators did to the account. Which administrator did it is theirs: `adminId` stays out. */
export async function findAdminActionsForExport(db: DbOrTx, userId: string) {
  return db
    .select({ action: adminActions.action, summary: adminActions.summary, createdAt: adminActions.createdAt })
    .from(adminActions)
    .where(and(eq(adminActions.targetType, 'user'), eq(adminActions.targetId, userId)))
    .orderBy(asc(adminActions.createdAt));
}

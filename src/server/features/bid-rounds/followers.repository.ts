import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRoundFollowers, users } from '../../db/schema';

export async function addFollower(db: DbOrTx, bidRoundId: string, userId: string): Promise<void> {
  await followerInsert(db, bidRoundId, userId);
}

/** addFollower's statement, not yet sent. */
export function followerInsert(db: DbOrTx, bidRoundId: string, userId: string) {
  return db.insert(bidRoundFollowers).values({ bidRoundId, userId }).onConflictDoNothing();
}

export async function removeFollower(db: DbOrTx, bidRoundId: string, userId: string): Promise<void> {
  await db
    .delete(bidRoundFollowers)
    .where(and(eq(bidRoundFollowers.bidRoundId, bidRoundId), eq(bidRoundFollowers.userId, userId)));
}

export async function isFollower(db: DbOrTx, bidRoundId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bidRoundFollowers.id })
    .from(bidRoundFollowers)
    .where(and(eq(bidRoundFollowers.bidRoundId, bidRoundId), eq(bidRoundFollowers.userId, userId)));
  return rows.length > 0;
}

export async function findFollowers(db: DbOrTx, bidRoundId: string) {
  return db
    .select({
      id: bidRoundFollowers.id,
      createdAt: bidRoundFollowers.createdAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(bidRoundFollowers)
    .innerJoin(users, eq(users.id, bidRoundFollowers.userId))
    .where(eq(bidRoundFollowers.bidRoundId, bidRoundId))
    .orderBy(asc(bidRoundFollowers.createdAt));
}

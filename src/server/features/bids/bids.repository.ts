import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, bids, properties, users } from '../../db/schema';

export async function findHighestAmount(tx: DbOrTx, bidRoundId: string): Promise<number | null> {
  const [row] = await tx
    .select({ max: sql<string | null>`max(${bids.amount})` })
    .from(bids)
    .where(eq(bids.bidRoundId, bidRoundId));
  return row?.max == null ? null : Number(row.max);
}

export async function insertBid(tx: DbOrTx, row: typeof bids.$inferInsert) {
  const [created] = await tx.insert(bids).values(row).returning();
  if (!created) throw new Error('insert into bids returned no row');
  return created;
}

/**
 * Every bid of a round with its bidder, in the order received (which is how pseudonyms are handed out).
 * `lockBidders` share-locks the bidders' rows, for a round that is ending: an account being deleted at that
 * moment is read after its deletion commits, so its personal data never reaches a journal written after the
 * journals were scrubbed.
 */
export async function findRoundBidsWithBidders(db: DbOrTx, bidRoundId: string, { lockBidders = false } = {}) {
  const query = db
    .select({
      id: bids.id,
      userId: bids.userId,
      amount: bids.amount,
      conditions: bids.conditions,
      bidDeadline: bids.bidDeadline,
      financingProof: bids.financingProof,
      createdAt: bids.createdAt,
      user: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        address: users.address,
        bankName: users.bankName,
        bankContactName: users.bankContactName,
        bankContactPhone: users.bankContactPhone,
        deletedAt: users.deletedAt,
      },
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.bidRoundId, bidRoundId))
    .orderBy(asc(bids.createdAt), asc(bids.id));
  return lockBidders ? query.for('share', { of: users }) : query;
}

export type BidWithBidder = Awaited<ReturnType<typeof findRoundBidsWithBidders>>[number];

export async function findBidInRound(tx: DbOrTx, bidRoundId: string, bidId: string) {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.bidRoundId, bidRoundId), eq(bids.id, bidId)));
  return row ?? null;
}

export async function findBidsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: bids.id,
      bidRoundId: bids.bidRoundId,
      amount: bids.amount,
      conditions: bids.conditions,
      bidDeadline: bids.bidDeadline,
      createdAt: bids.createdAt,
      roundIsClosed: bidRounds.isClosed,
      title: properties.title,
      address: properties.address,
      highest: sql<string>`(select max(b2.amount) from ${bids} b2 where b2.bid_round_id = ${bids.bidRoundId})`,
    })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bids.userId, userId))
    .orderBy(desc(bids.createdAt));
}

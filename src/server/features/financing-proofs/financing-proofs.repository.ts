import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, bids, financingProofs, properties } from '../../db/schema';

export async function insertProof(db: DbOrTx, row: typeof financingProofs.$inferInsert): Promise<string> {
  const [created] = await db.insert(financingProofs).values(row).returning({ id: financingProofs.id });
  if (!created) throw new Error('insert into financing_proofs returned no row');
  return created.id;
}

/** The proof, locked until the transaction ends, so two bids can never both take it. */
/** A bid's proof with its bidder and the owner of the bid's round, for deciding who may download it. */
export async function findProofOfBid(db: DbOrTx, bidId: string) {
  const [row] = await db
    .select({
      bidId: bids.id,
      amount: bids.amount,
      bidderId: bids.userId,
      ownerId: properties.ownerId,
      storageKey: financingProofs.storageKey,
      contentType: financingProofs.contentType,
    })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .leftJoin(financingProofs, eq(financingProofs.bidId, bids.id))
    .where(eq(bids.id, bidId));
  return row ?? null;
}

/** Deletes the user's proofs, attached or not, and returns the storage keys of their files. */
export async function deleteProofsOfUser(tx: DbOrTx, userId: string): Promise<string[]> {
  await tx.update(bids).set({ financingProof: null }).where(eq(bids.userId, userId));
  const rows = await tx
    .delete(financingProofs)
    .where(eq(financingProofs.userId, userId))
    .returning({ key: financingProofs.storageKey });
  return rows.map((r) => r.key);
}

/** Deletes the proofs attached to a round's bids and returns the storage keys of their files. */
export async function deleteProofsOfRound(tx: DbOrTx, roundId: string): Promise<string[]> {
  const rows = await tx
    .delete(financingProofs)
    .where(
      inArray(
        financingProofs.bidId,
        tx.select({ id: bids.id }).from(bids).where(eq(bids.bidRoundId, roundId)),
      ),
    )
    .returning({ key: financingProofs.storageKey });
  return rows.map((r) => r.key);
}

/** Proofs uploaded but never attached to a bid, older than `hours`: a bid form that was abandoned. */
export async function deleteUnattachedProofs(db: DbOrTx, hours: number): Promise<string[]> {
  const rows = await db
    .delete(financingProofs)
    .where(
      and(
        isNull(financingProofs.bidId),
        lt(financingProofs.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .returning({ key: financingProofs.storageKey });
  return rows.map((r) => r.key);
}

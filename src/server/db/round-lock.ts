import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bidRounds, properties } from './schema';

// The round's row lock, which every act on a round takes first: a bid's answer or a counter-offer (bids,
// counter-offers) as much as a close, a winner choice or a listing edit (bid-rounds), an administrator's
// deletion (admin). Down here because those features lie on both sides of bid-rounds in the order of
// feature folders, and no feature reads another's repository (decision 056).

export interface LockedRound {
  id: string;
  propertyId: string;
  deadline: Date;
  minimumBidDeadline: Date | null;
  isClosed: boolean;
  winningBidId: string | null;
  smsNotificationsEnabled: boolean;
  price: number;
  ownerId: string | null;
  title: string;
  address: string;
  imageUrl: string | null;
  /** Every photo, the cover first (decision 043). */
  imageUrls: string[];
}

/**
 * Reads a round and takes its row lock until the transaction ends. Every change to a round or its bids
 * starts here, so concurrent bids, closes and winner choices are decided one at a time.
 */
export async function lockRound(tx: DbOrTx, roundId: string): Promise<LockedRound | null> {
  const rows = await tx
    .select({
      id: bidRounds.id,
      propertyId: bidRounds.propertyId,
      deadline: bidRounds.deadline,
      minimumBidDeadline: bidRounds.minimumBidDeadline,
      isClosed: bidRounds.isClosed,
      winningBidId: bidRounds.winningBidId,
      smsNotificationsEnabled: bidRounds.smsNotificationsEnabled,
      price: properties.price,
      ownerId: properties.ownerId,
      title: properties.title,
      address: properties.address,
      imageUrl: properties.imageUrl,
      imageUrls: properties.imageUrls,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId))
    .for('update', { of: bidRounds });
  return rows[0] ?? null;
}

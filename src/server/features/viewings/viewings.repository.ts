import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roundViewings } from '../../db/listing-schema';
import { bidRounds } from '../../db/schema';

/** What the effective shortest acceptance deadline is worked out from: the seller's own, and the last viewing's end. */
export async function findDeadlineInputs(tx: DbOrTx, roundId: string) {
  const [row] = await tx
    .select({
      seller: bidRounds.sellerMinimumBidDeadline,
      lastViewingEnd: sql<string | Date | null>`(select max(${roundViewings.endsAt}) from ${roundViewings}
        where ${roundViewings.bidRoundId} = ${bidRounds.id})`,
    })
    .from(bidRounds)
    .where(eq(bidRounds.id, roundId));
  if (!row) return null;
  return { seller: row.seller, lastViewingEnd: row.lastViewingEnd ? new Date(row.lastViewingEnd) : null };
}

export async function setMinimumBidDeadline(
  tx: DbOrTx,
  roundId: string,
  minimumBidDeadline: Date | null,
  reason: string | null,
): Promise<void> {
  await tx
    .update(bidRounds)
    .set({ minimumBidDeadline, minimumBidDeadlineReason: reason })
    .where(eq(bidRounds.id, roundId));
}

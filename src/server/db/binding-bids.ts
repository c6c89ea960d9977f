import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bidRounds, bids } from './schema';

// When a user's bids bind them, as SQL over the tables. Down here because account deletion (accounts) waits
// for the user's bids to stop binding (decision 009) and bids' notices find the binding ones: accounts lies
// below bids in the order of feature folders, and no feature reads another's repository (decision 056).

/**
 * The user's bids that still bind them at `at`: on an open round, before their acceptance deadline, and not
 * rejected by the seller (a rejected bid binds no one, like a lapsed one).
 */
export function bindingBidsOf(userId: string, at: Date) {
  return and(
    eq(bids.userId, userId),
    eq(bidRounds.isClosed, false),
    gt(bidRounds.deadline, at),
    or(isNull(bids.bidDeadline), gt(bids.bidDeadline, at)),
    isNull(bids.rejectedAt),
  );
}

/**
 * Until when the user's bids bind them: the latest moment at which one of their live bids on an open round
 * could still be accepted (its acceptance deadline, or the round's own deadline if that comes first); null
 * when none does.
 */
export async function bindingUntil(tx: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ until: sql<string | Date | null>`max(least(${bids.bidDeadline}, ${bidRounds.deadline}))` })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .where(bindingBidsOf(userId, now));
  return row?.until ? new Date(row.until) : null;
}

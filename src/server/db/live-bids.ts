import { type SQLWrapper, sql } from 'drizzle-orm';
import { bidRounds, bids, users } from './schema';

// The live-bid rule of shared/rules/bids as SQL over the tables, as the migrations also hold it (the database
// function highest_live_bid). Down here because the bids and the bid-rounds repositories both query with it,
// and no feature's repository reads another's.

/**
 * A round's live bids at `at` (shared/rules/bids isBidLive), as the FROM of a subquery over `b`: the
 * acceptance deadline not passed (a bid whose deadline is exactly `at` has lapsed), the bidder not deleted,
 * the bid not rejected by the seller. The same rule is written once more in SQL, in highest_live_bid
 * (drizzle/0010_bid-rejections.sql, which replaced the one of 0005_place-bid.sql).
 */
export const liveBidsOf = (roundId: SQLWrapper | string, at: SQLWrapper) =>
  sql`from ${bids} b join ${users} u on u.id = b.user_id
    where b.bid_round_id = ${roundId} and u.deleted_at is null and b.rejected_at is null
      and (b.bid_deadline is null or b.bid_deadline > ${at})`;

/**
 * The highest live bid's amount, or null: the database function that place_bid judges bids with, which
 * reads one or two index entries however many bids the round holds.
 */
export const highestLiveBid = (roundId: SQLWrapper | string, at: SQLWrapper) =>
  sql`highest_live_bid(${roundId}, ${at})`;

/** When bidding on a round ended (see liveBidsAt): now while open, else its close or deadline, the earlier. */
export const biddingEnded = sql`least(coalesce(${bidRounds.closedAt}, now()), ${bidRounds.deadline})`;

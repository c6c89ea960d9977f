import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROUND_EDIT_KINDS, type RoundChangeValue } from '../../../shared/rules/round-edits';
import type { DbOrTx } from '../../db/client';
import { roundChanges, roundViewings } from '../../db/listing-schema';
import { biddingEnded, highestLiveBid, liveBidsOf } from '../../db/live-bids';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { databaseNow } from '../../db/time';
import { publicPropertyColumns } from './bid-rounds.repository';

const owner = alias(users, 'owner');

export type RoundListFilter =
  | { kind: 'active' }
  | { kind: 'user'; userId: string }
  | { kind: 'all' }
  | { kind: 'one'; id: string };

// Judged now while the round is open, and when bidding ended once it has (liveBidsAt).
const liveBids = liveBidsOf(bidRounds.id, biddingEnded);

/** A round's viewings, soonest first, as JSON the row carries (one query for a whole list of rounds). */
const viewingsJson = sql<ViewingJson[]>`coalesce((select json_agg(json_build_object(
  'id', ${roundViewings.id}, 'startsAt', ${roundViewings.startsAt}, 'endsAt', ${roundViewings.endsAt},
  'note', ${roundViewings.note}) order by ${roundViewings.startsAt}, ${roundViewings.id})
  from ${roundViewings} where ${roundViewings.bidRoundId} = ${bidRounds.id}), '[]'::json)`;

// Changes made by one call share their time; they are listed in the form's order (title, address …).
const EDIT_ORDER = `{${ROUND_EDIT_KINDS.join(',')}}`;

/** A round's change log, oldest first, with the values a change kept while bids stood (decision 054). */
const changesJson = sql<ChangeJson[]>`coalesce((select json_agg(json_build_object(
  'at', ${roundChanges.madeAt}, 'kind', ${roundChanges.kind}, 'byAdmin', ${roundChanges.byAdmin},
  'valueChange', ${roundChanges.valueChange})
  order by ${roundChanges.madeAt}, array_position(${EDIT_ORDER}::text[], ${roundChanges.kind}))
  from ${roundChanges} where ${roundChanges.bidRoundId} = ${bidRounds.id}), '[]'::json)`;

interface ViewingJson {
  id: string;
  startsAt: string;
  endsAt: string;
  note: string | null;
}
interface ChangeJson {
  at: string;
  kind: string;
  byAdmin: boolean;
  valueChange: { from: RoundChangeValue; to: RoundChangeValue } | null;
}

/**
 * Rounds with their property, owner contact, highest live bid, bid counts, and whether `viewerId` has bid
 * (no one: for lists shared by all viewers, which work that out per viewer).
 */
export async function findRoundRows(db: DbOrTx, filter: RoundListFilter, viewerId: string | null) {
  const hasBid = viewerId
    ? sql<boolean>`exists (select 1 from ${bids} where ${bids.bidRoundId} = ${bidRounds.id} and ${bids.userId} = ${viewerId})`
    : sql<boolean>`false`;
  let where: SQL | undefined;
  if (filter.kind === 'active') {
    where = and(
      eq(bidRounds.isClosed, false),
      eq(bidRounds.isActive, true),
      gt(bidRounds.deadline, sql`now()`),
    );
  } else if (filter.kind === 'user') {
    where = or(eq(properties.ownerId, filter.userId), hasBid);
  } else if (filter.kind === 'one') {
    where = eq(bidRounds.id, filter.id);
  }
  const rows = await db
    .select({
      id: bidRounds.id,
      deadline: bidRounds.deadline,
      minimumBidDeadline: bidRounds.minimumBidDeadline,
      minimumBidDeadlineReason: bidRounds.minimumBidDeadlineReason,
      isActive: bidRounds.isActive,
      isClosed: bidRounds.isClosed,
      closedAt: bidRounds.closedAt,
      closeReason: bidRounds.closeReason,
      winningBidId: bidRounds.winningBidId,
      smsNotificationsEnabled: bidRounds.smsNotificationsEnabled,
      createdAt: bidRounds.createdAt,
      property: {
        ...publicPropertyColumns,
        price: properties.price,
        ownerId: properties.ownerId,
      },
      owner: { firstName: owner.firstName, lastName: owner.lastName, phone: owner.phone, email: owner.email },
      highestBid: sql<string | null>`${highestLiveBid(bidRounds.id, biddingEnded)}`,
      bidCount: sql<number>`(select count(*)::int from ${bids} where ${bids.bidRoundId} = ${bidRounds.id})`,
      liveBidCount: sql<number>`(select count(*)::int ${liveBids})`,
      hasBid,
      viewings: viewingsJson,
      changes: changesJson,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .leftJoin(owner, eq(owner.id, properties.ownerId))
    .where(where)
    .orderBy(
      ...(filter.kind === 'active'
        ? [asc(bidRounds.deadline), asc(bidRounds.createdAt)]
        : [asc(bidRounds.isClosed), desc(bidRounds.createdAt)]),
    );
  return rows.map((r) => ({
    ...r,
    highestBid: r.highestBid === null ? null : Number(r.highestBid),
    bidCount: Number(r.bidCount),
    liveBidCount: Number(r.liveBidCount),
    hasBid: Boolean(r.hasBid),
    // JSON carries the database's own time text; the views want instants.
    viewings: r.viewings.map((v) => ({ ...v, startsAt: new Date(v.startsAt), endsAt: new Date(v.endsAt) })),
    changes: r.changes.map((c) => ({ ...c, at: new Date(c.at) })),
  }));
}

export type RoundRow = Awaited<ReturnType<typeof findRoundRows>>[number];

/**
 * For each given round: who has bid on it, and when its next live bid lapses; with the database's clock.
 * What a cached list of rounds needs to answer each viewer's `hasBid`, and to know how long it holds.
 */
export async function findBiddersAndNextLapse(db: DbOrTx, roundIds: string[]) {
  const [rows, now] = await Promise.all([
    roundIds.length === 0
      ? []
      : db
          .select({
            roundId: bids.bidRoundId,
            bidders: sql<string[]>`array_agg(distinct ${bids.userId})`,
            nextLapse: sql<
              string | Date | null
            >`min(${bids.bidDeadline}) filter (where ${bids.bidDeadline} > now())`,
          })
          .from(bids)
          .where(inArray(bids.bidRoundId, roundIds))
          .groupBy(bids.bidRoundId),
    databaseNow(db),
  ]);
  return {
    now,
    rounds: new Map(
      rows.map((r) => [
        r.roundId,
        { bidderIds: new Set(r.bidders), nextLapse: r.nextLapse ? new Date(r.nextLapse) : null },
      ]),
    ),
  };
}

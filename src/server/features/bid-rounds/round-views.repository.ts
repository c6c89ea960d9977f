import { and, asc, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { publicPropertyColumns } from './bid-rounds.repository';

const owner = alias(users, 'owner');

export type RoundListFilter =
  | { kind: 'active' }
  | { kind: 'user'; userId: string }
  | { kind: 'all' }
  | { kind: 'one'; id: string };

// A live bid (shared/rules/bids isBidLive): its acceptance deadline not passed when judged, its bidder not
// deleted. Judged now while the round is open, and when bidding ended once it has (liveBidsAt).
const liveBids = sql`from ${bids} join ${users} bidder on bidder.id = ${bids.userId}
  where ${bids.bidRoundId} = ${bidRounds.id} and bidder.deleted_at is null
    and (${bids.bidDeadline} is null
      or ${bids.bidDeadline} > least(coalesce(${bidRounds.closedAt}, now()), ${bidRounds.deadline}))`;

/**
 * Rounds with their property, owner contact, highest live bid, bid counts, and whether `viewerId` has bid.
 */
export async function findRoundRows(db: DbOrTx, filter: RoundListFilter, viewerId: string) {
  const hasBid = sql<boolean>`exists (select 1 from ${bids} where ${bids.bidRoundId} = ${bidRounds.id} and ${bids.userId} = ${viewerId})`;
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
      highestBid: sql<string | null>`(select max(${bids.amount}) ${liveBids})`,
      bidCount: sql<number>`(select count(*)::int from ${bids} where ${bids.bidRoundId} = ${bidRounds.id})`,
      liveBidCount: sql<number>`(select count(*)::int ${liveBids})`,
      hasBid,
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
  }));
}

export type RoundRow = Awaited<ReturnType<typeof findRoundRows>>[number];

/**
 * For each given round: who has bid on it, and when its next live bid lapses; with the database's clock.
 * What a cached list of rounds needs to answer each viewer's `hasBid`, and to know how long it holds.
 */
export async function findBiddersAndNextLapse(db: DbOrTx, roundIds: string[]) {
  const result = await db.execute(sql`
    select now() as now, ${bids.bidRoundId} as round_id, array_agg(distinct ${bids.userId}) as bidders,
      min(${bids.bidDeadline}) filter (where ${bids.bidDeadline} > now()) as next_lapse
    from ${bids}
    where ${bids.bidRoundId} = any(${sql.param(roundIds)}::uuid[])
    group by ${bids.bidRoundId}
    union all select now(), null, null, null`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const toDate = (v: unknown) => (v ? new Date(v as string | Date) : null);
  return {
    now: toDate(rows[0]?.now) ?? new Date(),
    rounds: new Map(
      rows
        .filter((r) => r.round_id)
        .map((r) => [
          String(r.round_id),
          { bidderIds: new Set(parseUuidArray(r.bidders)), nextLapse: toDate(r.next_lapse) },
        ]),
    ),
  };
}

/** node-postgres returns uuid[] as a string ('{a,b}') on PostgreSQL; PGlite as an array. */
function parseUuidArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

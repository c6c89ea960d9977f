import { sql } from 'drizzle-orm';
import type { ConditionInput } from '../../../shared/rules/conditions';
import type { Db } from '../../db/client';
import { type BidState, toBidStates } from './bid-state';

// How bids are written: place_bids (migrations 0020, 0025 and 0026) places a batch of one round's bids in one statement
// (decision 051). The reads of the bids feature are in bids.repository.ts.

/** Who buys (decision 065), as place_bid stores it with the bid (migration 0025). */
export interface BuyerRow {
  placedBy: string;
  buyerCapacity: string;
  companyOrgNumber: string | null;
  companyName: string | null;
  companySignerRole: string | null;
  groupId: string | null;
  groupVersion: number | null;
  /** The members the bid binds besides the party (bids.user_id). */
  coBidderIds: string[];
}

export interface BidToPlace {
  id: string;
  bidRoundId: string;
  /** The bidder party: the person, or their group's principal. */
  userId: string;
  buyer?: BuyerRow | null;
  amount: number;
  conditions: string | null;
  /** The conditions typed, in order (decision 066), which place_bids writes with the bid; absent, none. */
  conditionItems?: ConditionInput[];
  bidDeadline: Date;
  financingProofId: string | null;
  /** The bidder's financing plan, or null (absent) when they gave none. */
  financing?: { equity: number; loan: number; lender: string | null } | null;
  /** The desired takeover day 'YYYY-MM-DD', or null (absent) for 'Etter avtale'. */
  takeoverDate?: string | null;
  /** The shortest acceptance time, in minutes (shared/rules/bids). */
  minAcceptanceMinutes: number;
  job: { type: string; payload: unknown; maxAttempts: number };
  event: { channel: string; payload: string };
  /** The bid's act for the round's chain (decision 040), formed around its gaps (decision 050). */
  act?: { beforeAt: string; beforeParty: string; afterParty: string; secret: object } | null;
  /** The bid's verified signature (decision 039), as the bid_signatures row by column name. */
  signature?: Record<string, string> | null;
}

/** One element of place_bids' array (migration 0020). */
const placeBidsElement = (bid: BidToPlace) => ({
  id: bid.id,
  roundId: bid.bidRoundId,
  userId: bid.userId,
  amount: bid.amount,
  conditions: bid.conditions,
  conditionItems: (bid.conditionItems ?? []).map((c) => ({
    kind: c.kind,
    text: c.text,
    until: c.until?.toISOString() ?? null,
  })),
  bidDeadline: bid.bidDeadline.toISOString(),
  proofId: bid.financingProofId,
  minAcceptanceMinutes: bid.minAcceptanceMinutes,
  jobType: bid.job.type,
  jobPayload: bid.job.payload,
  jobMaxAttempts: bid.job.maxAttempts,
  channel: bid.event.channel,
  event: bid.event.payload,
  equity: bid.financing?.equity ?? null,
  loan: bid.financing?.loan ?? null,
  lender: bid.financing?.lender ?? null,
  takeoverDate: bid.takeoverDate ?? null,
  act: bid.act ?? null,
  signature: bid.signature ?? null,
  buyer: bid.buyer ?? null,
});

/**
 * Places bids for one round, in the given order, with place_bids (migration 0020): one statement, sent
 * outside any transaction, so the round's lock is taken and released inside the database and never held
 * across a round trip, and the bids share one commit (decision 051). Each bid is judged and written exactly
 * as place_bid judges and writes one, its act appended to the chain and its signature row written only if
 * it was placed. Returns, for each bid, the state it was judged against; placedAt is null when a rule
 * refused it.
 *
 * `lockTimeoutMs` replaces the pool's lock_timeout for this statement alone (set_config with is_local, in
 * the statement's own transaction), so the bids wait at the database only for what is left of their budget.
 * The set_config sits in a subquery that the call to place_bids refers to laterally, and neither may be
 * flattened (offset 0): that makes PostgreSQL run it first, before place_bids asks for the round's lock.
 */
export async function placeBidsUnderLock(
  db: Db,
  batch: readonly BidToPlace[],
  lockTimeoutMs?: number,
): Promise<BidState[]> {
  const placeBids = sql`place_bids(${JSON.stringify(batch.map(placeBidsElement))}::jsonb)`;
  const placed =
    lockTimeoutMs === undefined
      ? sql`select (p.state).*, p.act_seq, p.act_hash from ${placeBids} p`
      : sql`select (p.state).*, p.act_seq, p.act_hash from
      (select set_config('lock_timeout', ${String(lockTimeoutMs)}::text, true) as applied offset 0) timeout,
      lateral (select * from ${placeBids} where timeout.applied is not null offset 0) p`;
  const states = toBidStates(await db.execute(placed));
  if (states.length !== batch.length)
    throw new Error(`place_bids returned ${states.length} states for ${batch.length} bids`);
  return states;
}

/** One bid alone, as placeBidsUnderLock places it. */
export async function placeBidUnderLock(db: Db, bid: BidToPlace, lockTimeoutMs?: number): Promise<BidState> {
  const [state] = await placeBidsUnderLock(db, [bid], lockTimeoutMs);
  if (!state) throw new Error(`place_bids returned no state for bid ${bid.id}`);
  return state;
}

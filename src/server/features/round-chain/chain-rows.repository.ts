import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// The rows of a round that its chain vouches for (decision 040), as the admin's journal/verify compares
// them with their acts: times as ISO UTC with milliseconds, written by the database exactly as
// append_bid_act writes an act's time, so that the two compare as text.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface StoredBid {
  id: string;
  userId: string;
  amount: number;
  conditions: string | null;
  financingEquity: number | null;
  financingLoan: number | null;
  financingLender: string | null;
  takeoverDate: string | null;
  bidDeadline: string | null;
  createdAt: string;
  rejected: boolean;
  rejectionMessage: string | null;
  /** Who buys (decision 065): placed_by is null when the party placed the bid. */
  placedBy: string | null;
  buyerCapacity: string;
  companyOrgNumber: string | null;
  companyName: string | null;
  companySignerRole: string | null;
  coBidderIds: string[];
}

export interface StoredCounterOffer {
  id: string;
  bidId: string;
  recipientId: string;
  amount: number;
  conditions: string | null;
  deadline: string;
  status: string;
  acceptedBidId: string | null;
  createdAt: string;
}

/** A jsonb array as the driver hands it over: parsed already, or as its text. */
const jsonArray = (value: unknown): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as string[];

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function findStoredBids(db: DbOrTx, roundId: string): Promise<StoredBid[]> {
  const result =
    await db.execute(sql`select id, user_id, amount, conditions, financing_equity, financing_loan,
      financing_lender, takeover_date::text as takeover_date, ${iso('bid_deadline')} as bid_deadline,
      ${iso('created_at')} as created_at, rejected_at is not null as rejected, rejection_message,
      placed_by, buyer_capacity, company_org_number, company_name, company_signer_role,
      to_jsonb(co_bidder_ids) as co_bidder_ids
    from bids where bid_round_id = ${roundId}::uuid`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    amount: Number(r.amount),
    conditions: (r.conditions as string | null) ?? null,
    financingEquity: numberOrNull(r.financing_equity),
    financingLoan: numberOrNull(r.financing_loan),
    financingLender: (r.financing_lender as string | null) ?? null,
    takeoverDate: (r.takeover_date as string | null) ?? null,
    bidDeadline: (r.bid_deadline as string | null) ?? null,
    createdAt: String(r.created_at),
    rejected: Boolean(r.rejected),
    rejectionMessage: (r.rejection_message as string | null) ?? null,
    placedBy: (r.placed_by as string | null) ?? null,
    buyerCapacity: String(r.buyer_capacity),
    companyOrgNumber: (r.company_org_number as string | null) ?? null,
    companyName: (r.company_name as string | null) ?? null,
    companySignerRole: (r.company_signer_role as string | null) ?? null,
    coBidderIds: jsonArray(r.co_bidder_ids),
  }));
}

export async function findStoredCounterOffers(db: DbOrTx, roundId: string): Promise<StoredCounterOffer[]> {
  const result = await db.execute(sql`select id, bid_id, recipient_id, amount, conditions, status,
      accepted_bid_id, ${iso('deadline')} as deadline, ${iso('created_at')} as created_at
    from counter_offers where bid_round_id = ${roundId}::uuid`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    bidId: String(r.bid_id),
    recipientId: String(r.recipient_id),
    amount: Number(r.amount),
    conditions: (r.conditions as string | null) ?? null,
    deadline: String(r.deadline),
    status: String(r.status),
    acceptedBidId: (r.accepted_bid_id as string | null) ?? null,
    createdAt: String(r.created_at),
  }));
}

/** How the round row says it ended: what its 'winner' and 'closed' acts are held to. */
export interface StoredOutcome {
  isClosed: boolean;
  closedAt: string | null;
  closeReason: string | null;
  winningBidId: string | null;
  /** The round's deadline, ISO UTC with milliseconds. */
  deadline: string;
  /** The property's starting price now. */
  price: number;
  /** The round's effective shortest acceptance deadline, ISO UTC with milliseconds, or null. */
  minimumBidDeadline: string | null;
}

/** The round's outcome and terms as its row has them; null when the row is gone (a deleted round). */
/**
 * SHA-256 of each stored journal of the round, sorted (decision 058): of the jsonb's text, which PostgreSQL
 * (and PGlite, the same code) writes the same way for the same value, whatever order its keys were given in.
 */
export async function findJournalDigests(db: DbOrTx, roundId: string): Promise<string[]> {
  const result =
    await db.execute(sql`select encode(sha256(convert_to(journal_data::text, 'UTF8')), 'hex') as digest
    from bid_journals where bid_round_id = ${roundId}::uuid order by 1`);
  return rowsOf<{ digest: string }>(result).map((r) => r.digest);
}

export async function findStoredOutcome(db: DbOrTx, roundId: string): Promise<StoredOutcome | null> {
  const result = await db.execute(sql`select r.is_closed, ${iso('r.closed_at')} as closed_at, r.close_reason,
      r.winning_bid_id, ${iso('r.deadline')} as deadline, p.price,
      ${iso('r.minimum_bid_deadline')} as minimum_bid_deadline
    from bid_rounds r join properties p on p.id = r.property_id where r.id = ${roundId}::uuid`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) return null;
  return {
    isClosed: Boolean(row.is_closed),
    closedAt: (row.closed_at as string | null) ?? null,
    closeReason: (row.close_reason as string | null) ?? null,
    winningBidId: (row.winning_bid_id as string | null) ?? null,
    deadline: String(row.deadline),
    price: Number(row.price),
    minimumBidDeadline: (row.minimum_bid_deadline as string | null) ?? null,
  };
}

// What place_bids returns, read into the shape the service judges (see place-bids.repository.ts placeBidsUnderLock).

/** What a bid is judged against (the bid_state type of drizzle/0005_place-bid.sql), at one clock reading. */
export interface BidState {
  now: Date;
  highest: number | null;
  round: {
    ownerId: string | null;
    price: number;
    deadline: Date;
    minimumBidDeadline: Date | null;
    isClosed: boolean;
  } | null;
  bidder: { deleted: boolean } | null;
  proof: { userId: string; bidId: string | null } | null;
  /** Set only when place_bid placed the bid: its created_at. */
  placedAt: Date | null;
  /** The placed bid's link in the round's chain (decision 040), when the statement appended one. */
  link: { seq: number; hash: string } | null;
}

const date = (value: unknown) => new Date(value as string | Date);
const dateOrNull = (value: unknown) => (value == null ? null : date(value));

/** Each row of place_bids' answer (migration 0020), in order. */
export function toBidStates(result: unknown): BidState[] {
  return (result as { rows: Record<string, unknown>[] }).rows.map(toBidState);
}

function toBidState(row: Record<string, unknown>): BidState {
  return {
    now: date(row.now),
    highest: row.highest == null ? null : Number(row.highest),
    round: row.round_found
      ? {
          ownerId: (row.owner_id as string | null) ?? null,
          price: Number(row.price),
          deadline: date(row.deadline),
          minimumBidDeadline: dateOrNull(row.minimum_bid_deadline),
          isClosed: Boolean(row.is_closed),
        }
      : null,
    bidder: row.bidder_found ? { deleted: Boolean(row.bidder_deleted) } : null,
    proof: row.proof_found
      ? { userId: String(row.proof_user_id), bidId: (row.proof_bid_id as string | null) ?? null }
      : null,
    placedAt: dateOrNull(row.placed_at),
    link: row.act_seq == null ? null : { seq: Number(row.act_seq), hash: String(row.act_hash) },
  };
}

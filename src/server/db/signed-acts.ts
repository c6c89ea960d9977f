import { type AnyColumn, sql } from 'drizzle-orm';

// Whether an act was signed with a passkey, as SQL over the signature tables (decisions 039, 041, 059).
// Down here because bids and counter-offers both read it, and neither reads the other's repository
// (decision 056).

/** The act kinds act_signatures holds, by the name its `act` column stores. */
export type SignedActKind = 'winner' | 'reject' | 'counter-offer' | 'accept-counter-offer';

/**
 * A bid is signed when its bidder signed it, or when it was placed by accepting a counter-offer and the
 * acceptance was signed: that bid's signature lives with the acceptance, not on the bid (decision 059).
 */
export function bidIsSigned(bidId: AnyColumn) {
  return sql<boolean>`(exists (select 1 from bid_signatures s where s.bid_id = ${bidId})
    or exists (select 1 from counter_offers co
      join act_signatures a on a.subject_id = co.id and a.act = 'accept-counter-offer'
      where co.accepted_bid_id = ${bidId}))`.mapWith(Boolean);
}

/** The act of this kind on this subject (the bid or counter-offer it concerns) was signed. */
export function actIsSigned(kind: SignedActKind, subjectId: AnyColumn) {
  return sql<boolean>`exists (select 1 from act_signatures a
    where a.act = ${kind} and a.subject_id = ${subjectId})`.mapWith(Boolean);
}

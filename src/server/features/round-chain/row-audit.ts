import type { ExportedLink } from '../../../shared/chain-check/verify-chain';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { commitment, saltedHash } from './act-parts';
import { chainBuyer } from './buyer-acts';
import type { StoredBid, StoredCounterOffer } from './chain-rows.repository';

// Whether the rows of a round still say what their acts in the chain say (decision 040): a bid's amount,
// acceptance deadline, time, bidder and terms; its rejection; a counter-offer's amount, deadline, recipient,
// terms and how it ended. The chain is the record; a row that differs was changed behind the app's back.
//
// A round whose chain begins with its 'opened' act was chained from its start: every bid and counter-offer
// row must have its act, whatever time the row claims (a row inserted by SQL may be dated before the chain).
// Only a round that was open before the chain existed has rows older than its first act that were never
// hashed; those are not checked. Rows of a round whose chain ends in 'deleted' may be gone.

export interface RoundRows {
  bids: StoredBid[];
  counterOffers: StoredCounterOffer[];
}

export interface RowMismatch {
  seq: number;
  reason: string;
}

type Act = Record<string, unknown>;

const END_STATUS: Record<string, string> = {
  'counter-offer-declined': 'declined',
  'counter-offer-withdrawn': 'withdrawn',
  'counter-offer-lapsed': 'lapsed',
  'counter-offer-accepted': 'accepted',
};

function bidTerms(row: StoredBid): CanonicalValue {
  const financing =
    row.financingEquity === null
      ? null
      : { equity: row.financingEquity, loan: row.financingLoan, lender: row.financingLender };
  const buyer = chainBuyer({ ...row, placedBy: row.placedBy ?? row.userId });
  return {
    conditions: row.conditions,
    financing,
    takeoverDate: row.takeoverDate,
    ...(buyer ? { buyer } : {}),
  };
}

/** What differs between a bid act (or the bid an acceptance placed) and its row, if anything. */
function bidProblem(act: Act, salt: string | undefined, row: StoredBid): string | null {
  if (row.amount !== act.amount) return `Budets beløp i databasen (${row.amount}) er ikke beløpet i kjeden`;
  if (row.createdAt !== act.at) return 'Budets tidspunkt i databasen er ikke tidspunktet i kjeden';
  if (act.kind === 'bid' && row.bidDeadline !== act.bidDeadline)
    return 'Budets akseptfrist i databasen er ikke fristen i kjeden';
  if (salt === undefined) return null;
  if (commitment(salt, row.userId) !== act.bidder)
    return 'Budgiveren i databasen er ikke budgiveren i kjeden';
  if (act.kind === 'bid' && saltedHash(salt, canonicalJson(bidTerms(row))) !== act.terms)
    return 'Budets vilkår i databasen er ikke vilkårene i kjeden';
  return null;
}

function counterOfferProblem(act: Act, salt: string | undefined, row: StoredCounterOffer): string | null {
  if (row.amount !== act.amount)
    return `Motbudets beløp i databasen (${row.amount}) er ikke beløpet i kjeden`;
  if (row.deadline !== act.deadline) return 'Motbudets frist i databasen er ikke fristen i kjeden';
  if (row.bidId !== act.bidId) return 'Motbudet svarer på et annet bud i databasen enn i kjeden';
  if (salt === undefined) return null;
  if (commitment(salt, row.recipientId) !== act.bidder)
    return 'Mottakeren i databasen er ikke mottakeren i kjeden';
  if (saltedHash(salt, canonicalJson({ conditions: row.conditions })) !== act.terms)
    return 'Motbudets vilkår i databasen er ikke vilkårene i kjeden';
  return null;
}

/** The seq of the first act after `at` (ISO UTC, ms), or the head's: where a missing act should have been. */
const placeOf = (links: ExportedLink[], at: string) =>
  links.find((l) => typeof l.act.at === 'string' && l.act.at > at)?.seq ?? links.at(-1)?.seq ?? 1;

/**
 * The first row that differs from its act, by seq. `settledUpTo` is the head as it was before the rows were
 * read: an act after it may be newer than the rows, so only acts up to it are held to the rows' state.
 */
export function firstRowMismatch(
  links: ExportedLink[],
  rows: RoundRows,
  settledUpTo: number,
): RowMismatch | null {
  const deleted = links.at(-1)?.act.kind === 'deleted';
  const bids = new Map(rows.bids.map((r) => [r.id, r]));
  const offers = new Map(rows.counterOffers.map((r) => [r.id, r]));
  const bidActs = new Map<string, number>();
  const offerActs = new Map<string, number>();
  const rejected = new Set<string>();
  const ended = new Set<string>();
  const problems: RowMismatch[] = [];
  const problem = (seq: number, reason: string | null) => {
    if (reason) problems.push({ seq, reason });
  };
  const missing = (seq: number, what: string) => {
    if (!deleted && seq <= settledUpTo) problems.push({ seq, reason: `${what} finnes ikke i databasen` });
  };

  for (const { seq, act, secret } of links) {
    const salt = secret?.salt;
    const kind = String(act.kind);
    const bidId = String(act.bidId);
    const offerId = String(act.counterOfferId);
    if (kind === 'bid' || kind === 'counter-offer-accepted') {
      bidActs.set(bidId, seq);
      const row = bids.get(bidId);
      if (row) problem(seq, bidProblem(act, salt, row));
      else missing(seq, 'Budet');
    }
    if (kind === 'rejection') {
      rejected.add(bidId);
      const row = bids.get(bidId);
      if (!row) missing(seq, 'Budet');
      else if (!row.rejected && seq <= settledUpTo) problem(seq, 'Budet er ikke avslått i databasen');
      else if (row.rejected && salt !== undefined) {
        const words = row.rejectionMessage === null ? null : saltedHash(salt, row.rejectionMessage);
        if (words !== act.message) problem(seq, 'Avslagets melding i databasen er ikke meldingen i kjeden');
      }
    }
    if (kind === 'counter-offer') {
      offerActs.set(offerId, seq);
      const row = offers.get(offerId);
      if (row) problem(seq, counterOfferProblem(act, salt, row));
      else missing(seq, 'Motbudet');
    }
    if (kind in END_STATUS) {
      ended.add(offerId);
      const row = offers.get(offerId);
      if (!row) missing(seq, 'Motbudet');
      else if (seq <= settledUpTo && row.status !== END_STATUS[kind])
        problem(seq, `Motbudets status i databasen (${row.status}) er ikke utfallet i kjeden`);
      else if (kind === 'counter-offer-accepted' && row.acceptedBidId !== act.bidId)
        problem(seq, 'Motbudet ble akseptert med et annet bud i databasen enn i kjeden');
    }
  }

  const start = typeof links[0]?.act.at === 'string' ? links[0].act.at : null;
  const bornChained = links[0]?.act.kind === 'opened';
  const unchained = (createdAt: string) => bornChained || (start !== null && createdAt >= start);
  for (const row of rows.bids) {
    const seq = bidActs.get(row.id);
    if (seq === undefined) {
      if (unchained(row.createdAt))
        problem(placeOf(links, row.createdAt), 'Et bud i databasen mangler i kjeden');
    } else if (row.rejected && !rejected.has(row.id))
      problem(seq, 'Budet er avslått i databasen, men ikke i kjeden');
  }
  for (const row of rows.counterOffers) {
    const seq = offerActs.get(row.id);
    if (seq === undefined) {
      if (unchained(row.createdAt))
        problem(placeOf(links, row.createdAt), 'Et motbud i databasen mangler i kjeden');
    } else if (row.status !== 'open' && !ended.has(row.id))
      problem(seq, `Motbudet er ${row.status} i databasen, men ikke i kjeden`);
  }
  return problems.reduce<RowMismatch | null>((first, p) => (first && first.seq <= p.seq ? first : p), null);
}

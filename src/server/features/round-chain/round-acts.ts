import { randomBytes } from 'node:crypto';
import { type ActToAppend, type ChainLink, ROUND_ACT_VERSION } from '../../../shared/record/round-act';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import type { DbOrTx } from '../../db/client';
import { aboutBidder, append, type SignedBy, saltedHash, stamp } from './act-parts';
import type { FormedBidAct } from './round-chain.repository';

export { commitment, type SignedBy, saltedHash, sha256Hex } from './act-parts';

// How each act of a round enters its chain (decision 040): the commitments and salted hashes are formed
// here, the link (seq, prevHash, hash) by the database under the round's lock, in the act's own transaction.

/** The terms of a bid that only its parties read, as the chain commits to them. */
export interface BidTerms {
  conditions: string | null;
  financing: { equity: number; loan: number; lender: string | null } | null;
  takeoverDate: string | null;
  /** Who buys, when it is more than one person bidding as a consumer (chainBuyer). */
  buyer?: CanonicalValue | null;
}

/**
 * A bid's act, as place_bids appends it after placing the bid (migration 0020, decision 051). Its canonical
 * JSON is written here, with shared/signing's canonicalJson (the verifier's own), except for the two values
 * only the round's lock decides: `at` (place_bid's time for the bid) and `party` (the bidder's pseudonym),
 * which the database puts into the gaps left for them (decision 050). Sorted keys put both at fixed places.
 */
export function bidActFor(
  bid: { id: string; bidRoundId: string; userId: string; amount: number; bidDeadline: Date } & BidTerms,
  signed?: SignedBy | null,
): FormedBidAct & { secret: object } {
  const { salt, secret, fields } = aboutBidder(bid.userId, signed);
  const terms = {
    conditions: bid.conditions,
    financing: bid.financing,
    takeoverDate: bid.takeoverDate,
    ...(bid.buyer ? { buyer: bid.buyer } : {}),
  };
  const act = {
    v: ROUND_ACT_VERSION,
    roundId: bid.bidRoundId,
    kind: 'bid',
    bidId: bid.id,
    amount: bid.amount,
    bidDeadline: stamp(bid.bidDeadline),
    terms: saltedHash(salt, canonicalJson(terms)),
    ...fields,
  };
  return { ...formAroundGaps(act as Record<string, CanonicalValue>), secret: { ...secret, terms } };
}

/** The canonical text of `act` with `at` and `party` cut out, to be filled in by the database. */
export function formAroundGaps(act: { [key: string]: CanonicalValue }): FormedBidAct {
  // Markers no value of an act can hold (every other string in it is a uuid, a hash, a time or base64url).
  const gap = `\u0000gap-${randomBytes(8).toString('hex')}`;
  const text = canonicalJson({ ...act, at: `${gap}at`, party: `${gap}party` });
  const [beforeAt, rest, ...more] = text.split(JSON.stringify(`${gap}at`));
  const [beforeParty, afterParty, ...extra] = (rest ?? '').split(JSON.stringify(`${gap}party`));
  if (beforeAt === undefined || rest === undefined || more.length || afterParty === undefined || extra.length)
    throw new Error('a bid act holds its gap markers other than once each');
  return { beforeAt, beforeParty: beforeParty ?? '', afterParty };
}

export function recordOpened(
  tx: DbOrTx,
  round: { id: string; price: number; deadline: Date; minimumBidDeadline: Date | null },
  at: Date,
) {
  const act = {
    kind: 'opened',
    at: stamp(at),
    price: round.price,
    deadline: stamp(round.deadline),
    minimumBidDeadline: round.minimumBidDeadline && stamp(round.minimumBidDeadline),
  } as const;
  return append(tx, round.id, act, null, null);
}

/** The round's shortest acceptance deadline as the 12:00 rule now makes it (decision 058). */
export function recordMinimumBidDeadline(
  tx: DbOrTx,
  roundId: string,
  minimumBidDeadline: Date | null,
  reason: string | null,
  at: Date,
) {
  const act = {
    kind: 'minimum-bid-deadline',
    at: stamp(at),
    minimumBidDeadline: minimumBidDeadline && stamp(minimumBidDeadline),
    reason,
  } as const;
  return append(tx, roundId, act, null, null);
}

export function recordStartingPrice(tx: DbOrTx, roundId: string, price: number, previous: number, at: Date) {
  return append(tx, roundId, { kind: 'starting-price', at: stamp(at), price, previous }, null, null);
}

export function recordRejection(
  tx: DbOrTx,
  bid: { id: string; bidRoundId: string; userId: string },
  message: string | null,
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { salt, secret, fields } = aboutBidder(bid.userId, signed);
  const act = {
    kind: 'rejection',
    at: stamp(at),
    bidId: bid.id,
    ...fields,
    message: message === null ? null : saltedHash(salt, message),
  } as const;
  return append(tx, bid.bidRoundId, act, bid.userId, message === null ? secret : { ...secret, message });
}

export function recordCounterOffer(
  tx: DbOrTx,
  offer: {
    id: string;
    bidRoundId: string;
    bidId: string;
    recipientId: string;
    amount: number;
    deadline: Date;
  },
  conditions: string | null,
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { salt, secret, fields } = aboutBidder(offer.recipientId, signed);
  const terms = { conditions };
  const act = {
    kind: 'counter-offer',
    at: stamp(at),
    counterOfferId: offer.id,
    bidId: offer.bidId,
    amount: offer.amount,
    deadline: stamp(offer.deadline),
    terms: saltedHash(salt, canonicalJson(terms)),
    ...fields,
  } as const;
  return append(tx, offer.bidRoundId, act, offer.recipientId, { ...secret, terms });
}

export function recordCounterOfferAccepted(
  tx: DbOrTx,
  offer: { id: string; bidRoundId: string; recipientId: string; amount: number },
  bidId: string,
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { secret, fields } = aboutBidder(offer.recipientId, signed);
  const act = {
    kind: 'counter-offer-accepted',
    at: stamp(at),
    counterOfferId: offer.id,
    bidId,
    amount: offer.amount,
    ...fields,
  } as const;
  return append(tx, offer.bidRoundId, act, offer.recipientId, secret);
}

/** A counter-offer that ended without being accepted: declined, withdrawn or lapsed. */
export function recordCounterOfferEnd(
  tx: DbOrTx,
  kind: 'counter-offer-declined' | 'counter-offer-withdrawn' | 'counter-offer-lapsed',
  offer: { id: string; bidRoundId: string; recipientId: string },
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { secret, fields } = aboutBidder(offer.recipientId, signed);
  const { statement: _statement, ...kept } = fields;
  const act = { kind, at: stamp(at), counterOfferId: offer.id, ...kept } as const;
  return append(tx, offer.bidRoundId, act, offer.recipientId, secret);
}

export function recordWinner(
  tx: DbOrTx,
  roundId: string,
  bid: { id: string; userId: string; amount: number },
  at: Date,
  signed?: SignedBy | null,
  fairNotice?: { shown: boolean; overridden: boolean; unseen: string[] },
): Promise<ChainLink> {
  const { secret, fields } = aboutBidder(bid.userId, signed);
  const act = {
    kind: 'winner',
    at: stamp(at),
    bidId: bid.id,
    amount: bid.amount,
    ...fields,
    ...(fairNotice ? { fairNotice } : {}),
  } as const;
  return append(tx, roundId, act, bid.userId, secret);
}

export function recordClosed(
  tx: DbOrTx,
  roundId: string,
  reason: string,
  winningBidId: string | null,
  at: Date,
): Promise<ChainLink> {
  return append(tx, roundId, { kind: 'closed', at: stamp(at), reason, winningBidId }, null, null);
}

/** A bidder's account was deleted: from here on the journals call them 'Slettet bruker'. */
export function recordAnonymised(tx: DbOrTx, roundId: string, userId: string, at: Date): Promise<ChainLink> {
  return append(tx, roundId, { kind: 'anonymised', at: stamp(at) } as ActToAppend, userId, null);
}

/** The digests of the round's stored journals, committed to (decision 058); the admin's check holds them to it. */
export function recordJournals(tx: DbOrTx, roundId: string, digests: string[], at: Date): Promise<ChainLink> {
  const salt = randomBytes(32).toString('hex');
  const journals = saltedHash(salt, canonicalJson(digests));
  return append(tx, roundId, { kind: 'journals', at: stamp(at), journals }, null, {
    salt,
    journals: digests,
  });
}

export function recordDeleted(tx: DbOrTx, roundId: string, at: Date): Promise<ChainLink> {
  return append(tx, roundId, { kind: 'deleted', at: stamp(at) }, null, null);
}

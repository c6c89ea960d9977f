import { bidderPseudonym } from '../../../shared/rules/bids';
import { coBidderStatement, leavingStatement } from '../../../shared/rules/buyers';
import type { ActKind, SignableAct } from '../../../shared/schemas/signature';
import {
  acceptanceStatement,
  counterOfferStatement,
  rejectionStatement,
  winnerStatement,
} from '../../../shared/signing/act-statements';
import { canonicalJson } from '../../../shared/signing/canonical-json';
import { findGroupOfMember, findMembers } from '../../db/bidder-groups';
import type { DbOrTx } from '../../db/client';
import {
  findBiddersInOrder,
  findBidFacts,
  findCounterOfferFacts,
  findInvitationFacts,
  findRoundFacts,
  findSignerName,
  signerNameFrom,
} from './act-facts.repository';
import { type BidAct, canonicalBidAct } from './bid-act';
import { type BidBuyer, buyerOf } from './bid-buyer';
import { bidStatementFor } from './bid-statement-facts';
import { describeWaiver } from './waiver-act';

// Every binding act that is signed (decisions 039 and 041), described the same way: its round, the party
// who signs it, its canonical JSON (the signed bytes, hashed with a nonce into the challenge), and the
// statement in words. The canonical act holds the terms that bind, read by id from the database where the
// act's call names only ids (a bid's amount is fixed once placed, a counter-offer's terms once made), so a
// verifier reading the row sees what was agreed, not only which row.

/** An act to sign as the server holds it: a bid's plan may be absent (the demo), as in BidAct. */
export type ActToSign = Exclude<SignableAct, { act: 'bid' }> | { act: 'bid'; bid: BidAct; buyer?: BidBuyer };

export interface DescribedAct {
  kind: ActKind;
  roundId: string;
  /** The one party who signs: the bidder, the round's owner, or the counter-offer's recipient. */
  signerId: string | null;
  canonicalAct: string;
  /** The words, read only when options are handed out. */
  statement: () => Promise<string | null>;
}

/** Who may sign each act, said when someone else asks for its options. */
export const SIGNER_OF: Record<ActKind, string> = {
  bid: 'Bare budgiveren kan signere budet',
  winner: 'Bare selgeren kan signere valget av vinner',
  reject: 'Bare selgeren kan signere avslaget',
  'counter-offer': 'Bare selgeren kan signere motbudet',
  'accept-counter-offer': 'Bare budgiveren motbudet er gitt til, kan signere aksepten',
  'co-bidder-accept': 'Bare den som er invitert, kan signere fullmakten',
  'co-bidder-leave': 'Bare medbudgiveren selv kan trekke sin fullmakt',
  'condition-waive': 'Bare budgiveren kan frafalle forbeholdene i budet',
};

/** What an unknown subject of each act is called (404 from the options call). */
export const UNKNOWN_SUBJECT: Record<ActKind, string> = {
  bid: 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.',
  winner: 'Budet ble ikke funnet i denne budrunden',
  reject: 'Budet ble ikke funnet i denne budrunden',
  'counter-offer': 'Budet ble ikke funnet i denne budrunden',
  'accept-counter-offer': 'Motbudet ble ikke funnet',
  'co-bidder-accept': 'Invitasjonen ble ikke funnet',
  'co-bidder-leave': 'Du byr ikke sammen med andre i denne budrunden',
  'condition-waive': 'Forbeholdet ble ikke funnet',
};

/** The act's description, or null when its round, bid or counter-offer is unknown. */
export async function describeAct(
  db: DbOrTx,
  viewerId: string,
  act: ActToSign,
): Promise<DescribedAct | null> {
  if (act.act === 'bid') {
    const buyer = act.buyer ?? (await buyerOf(db, viewerId, act.bid));
    if (!buyer) return null;
    return {
      kind: 'bid',
      roundId: act.bid.bidRoundId,
      signerId: viewerId,
      canonicalAct: canonicalBidAct(act.bid, buyer),
      statement: () => bidStatementFor(db, act.bid, buyer),
    };
  }
  if (act.act === 'accept-counter-offer') return describeAcceptance(db, viewerId, act.counterOfferId);
  if (act.act === 'co-bidder-accept') return describeJoining(db, act.invitationId);
  if (act.act === 'co-bidder-leave') return describeLeaving(db, viewerId, act.bidRoundId);
  if (act.act === 'condition-waive') return describeWaiver(db, viewerId, act.bidId, act.index);
  return describeOwnersAnswer(db, act);
}

/** 'Velg som vinner', 'Avslå' and 'Gi motbud': the owner's answers to one bid. */
async function describeOwnersAnswer(
  db: DbOrTx,
  act: Extract<SignableAct, { act: 'winner' | 'reject' | 'counter-offer' }>,
): Promise<DescribedAct | null> {
  const bidId = act.act === 'counter-offer' ? act.counterOffer.bidId : act.bidId;
  const [round, bid] = await Promise.all([
    findRoundFacts(db, act.bidRoundId),
    findBidFacts(db, act.bidRoundId, bidId),
  ]);
  if (!round || !bid) return null;
  const terms =
    act.act === 'winner'
      ? { amount: bid.amount }
      : act.act === 'reject'
        ? { amount: bid.amount, message: act.rejection.message }
        : {
            amount: act.counterOffer.amount,
            deadline: act.counterOffer.deadline.toISOString(),
            conditions: act.counterOffer.conditions,
          };
  const statement = async () => {
    const [signerName, bidders] = await Promise.all([
      round.ownerId ? findSignerName(db, round.ownerId) : null,
      findBiddersInOrder(db, act.bidRoundId),
    ]);
    if (!signerName) return null;
    const index = [...new Set(bidders.map((b) => b.userId))].indexOf(bid.userId);
    const facts = {
      signerName,
      propertyTitle: round.title,
      propertyAddress: round.address,
      bidderLabel: bidderPseudonym(Math.max(index, 0)),
    };
    if (act.act === 'winner') return winnerStatement({ ...facts, amount: bid.amount });
    if (act.act === 'reject')
      return rejectionStatement({ ...facts, amount: bid.amount, message: act.rejection.message });
    return counterOfferStatement({ ...facts, ...act.counterOffer });
  };
  return {
    kind: act.act,
    roundId: act.bidRoundId,
    signerId: round.ownerId,
    canonicalAct: canonicalJson({ act: act.act, bidRoundId: act.bidRoundId, bidId, ...terms }),
    statement,
  };
}

/** A bidder accepting the seller's counter-offer: its terms, as the seller made them. */
async function describeAcceptance(
  db: DbOrTx,
  viewerId: string,
  counterOfferId: string,
): Promise<DescribedAct | null> {
  const offer = await findCounterOfferFacts(db, counterOfferId);
  if (!offer) return null;
  // Any member of the recipient's group may accept, and signs it themself (decision 065).
  const signerId = offer.coBidderIds.includes(viewerId) ? viewerId : offer.recipientId;
  const statement = async () => {
    const [round, signerName] = await Promise.all([
      findRoundFacts(db, offer.bidRoundId),
      findSignerName(db, signerId),
    ]);
    if (!round || !signerName) return null;
    return acceptanceStatement({
      signerName,
      propertyTitle: round.title,
      propertyAddress: round.address,
      amount: offer.amount,
      conditions: offer.conditions,
    });
  };
  return {
    kind: 'accept-counter-offer',
    roundId: offer.bidRoundId,
    signerId,
    canonicalAct: canonicalJson({
      act: 'accept-counter-offer',
      counterOfferId: offer.id,
      bidRoundId: offer.bidRoundId,
      amount: offer.amount,
      deadline: offer.deadline.toISOString(),
      conditions: offer.conditions,
    }),
    statement,
  };
}

/**
 * Accepting an invitation to a bidder group (decision 065): the power of attorney the invitee gives the
 * members as they are now, who are named in the words and by id in the canonical act.
 */
async function describeJoining(db: DbOrTx, invitationId: string): Promise<DescribedAct | null> {
  const invitation = await findInvitationFacts(db, invitationId);
  if (!invitation) return null;
  const members = await findMembers(db, invitation.groupId);
  const statement = async () => {
    const [round, signerName] = await Promise.all([
      findRoundFacts(db, invitation.bidRoundId),
      invitation.inviteeId ? findSignerName(db, invitation.inviteeId) : null,
    ]);
    if (!round || !signerName) return null;
    return coBidderStatement(signerName, members.map(signerNameFrom), round);
  };
  return {
    kind: 'co-bidder-accept',
    roundId: invitation.bidRoundId,
    signerId: invitation.inviteeId,
    canonicalAct: canonicalJson({
      act: 'co-bidder-accept',
      invitationId: invitation.id,
      bidRoundId: invitation.bidRoundId,
      groupId: invitation.groupId,
      members: members.map((m) => m.userId),
    }),
    statement,
  };
}

/** A member withdrawing their power of attorney for later bids (decision 065). */
async function describeLeaving(db: DbOrTx, viewerId: string, roundId: string): Promise<DescribedAct | null> {
  const group = await findGroupOfMember(db, roundId, viewerId);
  if (!group) return null;
  const self = group.members.find((m) => m.userId === viewerId);
  const others = group.members.filter((m) => m.userId !== viewerId);
  const statement = async () => {
    const round = await findRoundFacts(db, roundId);
    if (!round || !self) return null;
    return leavingStatement(signerNameFrom(self), others.map(signerNameFrom), round);
  };
  return {
    kind: 'co-bidder-leave',
    roundId,
    signerId: viewerId,
    canonicalAct: canonicalJson({
      act: 'co-bidder-leave',
      bidRoundId: roundId,
      groupId: group.id,
      members: group.members.map((m) => m.userId),
    }),
    statement,
  };
}

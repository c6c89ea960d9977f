import type { ChainLink } from '../../../shared/record/round-act';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import type { DbOrTx } from '../../db/client';
import { aboutBidder, append, type SignedBy, saltedHash, stamp } from './act-parts';

// Who buys, in the round's chain (decision 065): a bid's buyer inside its salted terms, and the acts of a
// bidder group.

/** Who buys, as a bid's row holds it (decision 065). */
export interface BuyerColumns {
  placedBy: string;
  buyerCapacity: string;
  companyOrgNumber: string | null;
  companyName: string | null;
  companySignerRole: string | null;
  coBidderIds: string[];
}

/**
 * Who buys as a bid's terms hold it (decision 065), salted and hashed with them: null, and so left out, for
 * one person bidding as a consumer, as every bid before groups and companies was, so that those acts hash as
 * they did.
 */
export function chainBuyer(b: BuyerColumns): CanonicalValue | null {
  if (b.buyerCapacity === 'forbruker' && b.companyOrgNumber === null && b.coBidderIds.length === 0)
    return null;
  return {
    capacity: b.buyerCapacity,
    company:
      b.companyOrgNumber === null
        ? null
        : { orgNumber: b.companyOrgNumber, name: b.companyName, signerRole: b.companySignerRole },
    placedBy: b.placedBy,
    coBidders: [...b.coBidderIds],
  };
}

export type CoBidderActKind =
  | 'co-bidder-invited'
  | 'co-bidder-accepted'
  | 'co-bidder-declined'
  | 'co-bidder-left';

/**
 * An act on a bidder group (decision 065): an invitation, its answer, or a member leaving. Who acted is only a
 * commitment, and the names are only in the salted `terms`, so the chain tells other readers no more than
 * that a group changed. No party is named (the act is appended without a user), so that not even the
 * pseudonym of the bidder who invites shows; the owner and admins read the secret.
 */
export function recordCoBidderAct(
  tx: DbOrTx,
  kind: CoBidderActKind,
  about: { roundId: string; invitationId: string; actorId: string; terms: CanonicalValue },
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { salt, secret, fields } = aboutBidder(about.actorId, signed);
  const act = {
    kind,
    at: stamp(at),
    invitationId: about.invitationId,
    terms: saltedHash(salt, canonicalJson(about.terms)),
    ...fields,
  };
  return append(tx, about.roundId, act, null, { ...secret, terms: about.terms });
}

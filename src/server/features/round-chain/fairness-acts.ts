import type { ChainLink } from '../../../shared/record/round-act';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import type { DbOrTx } from '../../db/client';
import { aboutBidder, append, type SignedBy, saltedHash, stamp } from './act-parts';

// The acts that show every bidder was treated fairly to the last minute (decision 066): a condition waived
// or run out (forskrift § 3-5), and a bidder's answer that they bid no more.

/** A condition as its act commits to it: the kind, words and deadline stay in the salted terms. */
export interface ConditionTerms {
  bidId: string;
  index: number;
  kind: string;
  text: string | null;
  until: string | null;
}

/**
 * The bidder waived a condition (signed), or its deadline passed first. Named by the bid and the condition's
 * place, with the bidder's pseudonym as every act about a bid is; what the condition was is in `terms`.
 */
export function recordConditionAct(
  tx: DbOrTx,
  kind: 'condition-waived' | 'condition-lapsed',
  condition: ConditionTerms & { bidRoundId: string; userId: string },
  at: Date,
  signed?: SignedBy | null,
): Promise<ChainLink> {
  const { salt, secret, fields } = aboutBidder(condition.userId, signed);
  const terms: CanonicalValue = {
    kind: condition.kind,
    text: condition.text,
    until: condition.until,
  };
  const act = {
    kind,
    at: stamp(at),
    bidId: condition.bidId,
    index: condition.index,
    terms: saltedHash(salt, canonicalJson(terms)),
    ...fields,
  } as const;
  return append(tx, condition.bidRoundId, act, condition.userId, { ...secret, terms });
}

/**
 * A bidder answered 'Jeg byr ikke mer'. Only the owner and admins see answers, so no party is named (the act
 * is appended without a user, as a bidder group's acts are): the other bidders read only that someone did.
 */
export function recordBidderDone(
  tx: DbOrTx,
  roundId: string,
  userId: string,
  highestBidId: string,
  at: Date,
): Promise<ChainLink> {
  const { secret, fields } = aboutBidder(userId);
  const { statement: _statement, signature: _signature, ...bidder } = fields;
  const act = { kind: 'bidder-done', at: stamp(at), highestBidId, ...bidder } as const;
  return append(tx, roundId, act, null, secret);
}

import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { bidActSchema } from '../../../shared/schemas/bid';
import { canonicalJson } from '../../../shared/signing/canonical-json';
import type { BidBuyer } from './bid-buyer';

/** A bid as parsed from POST /api/bids or POST /api/signatures/options (the plan may be absent in the demo). */
type Optional = 'financing' | 'takeoverDate' | 'buyerCapacity' | 'company' | 'conditionItems';
export type BidAct = Omit<z.output<typeof bidActSchema>, Optional> &
  Partial<Pick<z.output<typeof bidActSchema>, Optional>>;

/**
 * The canonical JSON of a bid (decision 039): every term that binds the bidder, amounts as whole kroner,
 * times as ISO UTC, absent values as null; the same text whether it came with the options call or the bid.
 * The financing proof's id is not a term: the file is uploaded as the bid is sent, after the signing. Who buys
 * is (decision 065): the capacity, the company, and every member of the bidder's group, by account id.
 */
export function canonicalBidAct(bid: BidAct, buyer: BidBuyer): string {
  return canonicalJson({
    act: 'bid',
    bidRoundId: bid.bidRoundId,
    amount: bid.amount,
    conditions: bid.conditions ?? null,
    bidDeadline: bid.bidDeadline.toISOString(),
    financing: bid.financing
      ? { equity: bid.financing.equity, loan: bid.financing.loan, lender: bid.financing.lender ?? null }
      : null,
    takeoverDate: bid.takeoverDate ?? null,
    buyerCapacity: buyer.capacity,
    company: buyer.company,
    bidders: buyer.bidders.map((b) => b.userId),
  });
}

/** SHA-256 over the canonical act's UTF-8 bytes followed by the nonce's bytes: the WebAuthn challenge. */
export function actChallenge(canonicalAct: string, nonce: string): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256')
    .update(Buffer.from(canonicalAct, 'utf8'))
    .update(Buffer.from(nonce, 'base64url'))
    .digest();
  return new Uint8Array(digest);
}

export const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

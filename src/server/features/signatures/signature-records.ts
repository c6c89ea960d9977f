import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BidSignatureRow, bidSignatureInsert, scrubSignaturesOfBidder } from './signatures.repository';

// What the accounts feature needs of the signatures: a deleted bidder's name out of their signed statements.

/** In the account deletion's transaction: see scrubSignaturesOfBidder. */
export function scrubSignaturesOf(db: DbOrTx, userId: string): Promise<void> {
  return scrubSignaturesOfBidder(db, userId);
}

export type { BidSignatureRow };

/** A checked bid signature's row, as the insert place_bid's statement writes alongside the bid. */
export function bidSignatureRowInsert(row: BidSignatureRow): SQL {
  return bidSignatureInsert(row);
}

/** The signature as the bid's act in the round's chain carries it (decision 040). */
export function signedByOf(row: BidSignatureRow) {
  return {
    statement: row.statement,
    canonicalAct: row.canonicalAct,
    signature: {
      credentialId: row.credentialId,
      publicKey: row.publicKey,
      authenticatorData: row.authenticatorData,
      clientDataJSON: row.clientDataJson,
      signature: row.signature,
      nonce: row.nonce,
    },
  };
}

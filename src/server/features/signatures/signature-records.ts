import type { DbOrTx } from '../../db/client';
import { scrubSignaturesOfBidder } from './signatures.repository';

// What the accounts feature needs of the signatures: a deleted bidder's name out of their signed statements.

/** In the account deletion's transaction: see scrubSignaturesOfBidder. */
export function scrubSignaturesOf(db: DbOrTx, userId: string): Promise<void> {
  return scrubSignaturesOfBidder(db, userId);
}

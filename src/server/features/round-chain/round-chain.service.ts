import type { ChainLink } from '../../../shared/record/round-act';
import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import { recordAnonymised } from './round-acts';
import {
  findHead,
  findLatestOfKind,
  findLinkOf,
  findRoundsNaming,
  forgetUser,
} from './round-chain.repository';

// What other features ask of the rounds' chains (decision 040): heads, receipts, and account deletion.

/** The latest link of a round's chain, or null before its first act. */
export function chainHead(db: DbOrTx, roundId: string): Promise<ChainLink | null> {
  return findHead(db, roundId);
}

/** The link a bid's act took: what its receipt names. */
export function linkOfBid(db: DbOrTx, bidId: string): Promise<ChainLink | null> {
  return findLinkOf(db, bidId, 'bid');
}

/** The link of a round's latest act of `kind` (the deciding act, for the receipts sent at the close). */
export function linkOfLatest(db: DbOrTx, roundId: string, kind: string): Promise<ChainLink | null> {
  return findLatestOfKind(db, roundId, kind);
}

/**
 * Account deletion (decision 040): each round the person took part in records, at the database's time now,
 * that its pseudonym now reads 'Slettet bruker', and then the acts forget who they were about. The
 * commitments stay, so every chain stays whole; no one can link them to the person any more. Rounds in id
 * order, as every multi-round change.
 */
export async function recordAnonymisation(tx: DbOrTx, userId: string): Promise<void> {
  const at = await databaseNow(tx);
  for (const roundId of await findRoundsNaming(tx, userId)) await recordAnonymised(tx, roundId, userId, at);
  await forgetUser(tx, userId);
}

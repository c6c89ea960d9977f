import type { ChainLink } from '../../../shared/record/round-act';
import type { SignedHead } from '../../../shared/record/signed-head';
import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { findJournalDigests } from './chain-rows.repository';
import { recordAnonymised, recordJournals } from './round-acts';
import {
  findHead,
  findLatestOfKind,
  findLinkOf,
  findRoundsNaming,
  forgetUser,
} from './round-chain.repository';

// What other features ask of the rounds' chains (decision 040): heads, receipts, and account deletion.

/** A link as it is handed out: with the server's signature over it (decision 057). */
export function signedLink(
  deps: Pick<AppDeps, 'chainKey' | 'clock'>,
  link: ChainLink,
): ChainLink & { signedHead: SignedHead } {
  const signedHead = deps.chainKey.signHead(link, new Date(deps.clock.now()));
  return { seq: link.seq, hash: link.hash, signedHead };
}

/** The round's head as it is now, signed, or null before its first act. */
export async function signedChainHead(deps: Pick<AppDeps, 'chainKey' | 'clock' | 'db'>, roundId: string) {
  const head = await findHead(deps.db, roundId);
  return head && signedLink(deps, head);
}

/** A bid's link, signed (decision 057): what its receipt mail names. */
export async function signedLinkOfBid(db: DbOrTx, deps: Pick<AppDeps, 'chainKey' | 'clock'>, bidId: string) {
  const link = await findLinkOf(db, bidId, 'bid');
  return link && signedLink(deps, link).signedHead;
}

/** The link of a round's latest act of `kind` (the deciding act, for the receipts sent at the close). */
export function linkOfLatest(db: DbOrTx, roundId: string, kind: string): Promise<ChainLink | null> {
  return findLatestOfKind(db, roundId, kind);
}

/**
 * Records what the round's stored journals now hold (decision 058), after they were written at the close or
 * rewritten by an account's deletion; null when the round has none.
 */
export async function recordJournalDigests(tx: DbOrTx, roundId: string, at: Date): Promise<ChainLink | null> {
  const digests = await findJournalDigests(tx, roundId);
  return digests.length > 0 ? recordJournals(tx, roundId, digests, at) : null;
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

import { effectiveCounterOfferStatus } from '../../../shared/rules/counter-offers';
import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import { recordCounterOfferEnd } from '../round-chain/round-acts';
import {
  type CounterOfferRow,
  findCounterOffersOfRound,
  findCounterOffersTo,
  type SettledCounterOffer,
  settleOpenCounterOffers,
} from './counter-offers.repository';

// What other features need of the counter-offers: the round's close and its live views (bid-rounds, above
// counter-offers in the order of feature folders, decision 056), the journals, an account's deletion and its
// data export.

export type { CounterOfferRow };

/** A round's counter-offers in the order they were made, with their bids' amounts and recipients. */
export function counterOffersOfRound(db: DbOrTx, roundId: string): Promise<CounterOfferRow[]> {
  return findCounterOffersOfRound(db, roundId);
}

/** Ends every open counter-offer of a round that is closing at `at`, each an act of the round's chain. */
export async function settleCounterOffersOnClose(tx: DbOrTx, roundId: string, at: Date): Promise<void> {
  await recordSettled(tx, await settleOpenCounterOffers(tx, { roundId }, at));
}

/**
 * Account deletion's part in counter-offers: a deleted account can accept nothing, so the open
 * counter-offers to it end with it, lapsed or withdrawn as at the database's time now.
 */
export async function settleCounterOffersTo(tx: DbOrTx, userId: string): Promise<void> {
  const at = await databaseNow(tx);
  await recordSettled(tx, await settleOpenCounterOffers(tx, { recipientId: userId }, at));
}

/**
 * The end of each settled counter-offer, in its round's chain (decision 040): lapsed at its deadline, or
 * withdrawn now. Rounds in id order, so that two settlements across the same rounds take their locks in
 * the same order.
 */
export async function recordSettled(tx: DbOrTx, settled: SettledCounterOffer[]): Promise<void> {
  const inOrder = [...settled].sort((a, b) => a.bidRoundId.localeCompare(b.bidRoundId));
  for (const offer of inOrder) {
    const kind = offer.status === 'lapsed' ? 'counter-offer-lapsed' : 'counter-offer-withdrawn';
    await recordCounterOfferEnd(tx, kind, offer, offer.answeredAt);
  }
}

/** The counter-offers made to a user, newest first, for their personal data export. */
export async function counterOffersTo(db: DbOrTx, userId: string, now: Date) {
  const rows = await findCounterOffersTo(db, userId);
  return rows.map((row) => ({
    ...row,
    status: effectiveCounterOfferStatus(row.status, row.deadline, now),
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  }));
}

import { effectiveCounterOfferStatus } from '../../../shared/rules/counter-offers';
import type { DbOrTx } from '../../db/client';
import {
  type CounterOfferRow,
  findCounterOffersOfRound,
  findCounterOffersTo,
  settleOpenCounterOffers,
} from './counter-offers.repository';

// What the round's close (and the personal data export) needs of the counter-offers: kept apart from counter-offers.service, which itself
// closes rounds through bid-rounds, so that the two features' imports run one way only.

export type { CounterOfferRow };

/** A round's counter-offers in the order they were made, with their bids' amounts and recipients. */
export function counterOffersOfRound(db: DbOrTx, roundId: string): Promise<CounterOfferRow[]> {
  return findCounterOffersOfRound(db, roundId);
}

/** Ends every open counter-offer of a round that is closing at `at`. */
export async function settleCounterOffersOnClose(tx: DbOrTx, roundId: string, at: Date): Promise<void> {
  await settleOpenCounterOffers(tx, { roundId }, at);
}

/** A deleted account can accept nothing: the open counter-offers to it end with it. */
export async function settleCounterOffersTo(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await settleOpenCounterOffers(tx, { recipientId: userId }, at);
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

import { effectiveMinimumBidDeadline } from '../../../shared/rules/viewing-deadline';
import type { DbOrTx } from '../../db/client';
import { recordMinimumBidDeadline } from '../round-chain/round-acts';
import { findDeadlineInputs, setMinimumBidDeadline } from './viewings.repository';

/**
 * Works the round's effective shortest acceptance deadline out again (the 12:00 rule, decision 045), in the
 * transaction that added or removed a viewing, under the round's lock: bids are checked against the stored
 * result, so a bid placed after the viewing commits already meets the new rule.
 */
export async function refreshMinimumBidDeadline(tx: DbOrTx, roundId: string, at: Date): Promise<void> {
  const inputs = await findDeadlineInputs(tx, roundId);
  if (!inputs) return;
  const { minimumBidDeadline, reason } = effectiveMinimumBidDeadline(inputs.seller, inputs.lastViewingEnd);
  if (minimumBidDeadline?.getTime() === inputs.current?.getTime()) return;
  await setMinimumBidDeadline(tx, roundId, minimumBidDeadline, reason);
  // The chain records every change, so the admin's check holds the row to it (decision 058).
  await recordMinimumBidDeadline(tx, roundId, minimumBidDeadline, reason, at);
}

import type { z } from 'zod';
import { MIN_ACCEPTANCE_MINUTES } from '../../../shared/rules/bids';
import type { ConditionInput } from '../../../shared/rules/conditions';
import type { placeBidSchema } from '../../../shared/schemas/bid';
import type { Db } from '../../db/client';
import { retryingConflicts, sqlState } from '../../db/retry-conflicts';
import type { AppDeps } from '../../deps';
import { announceChange, EVENT_CHANNEL } from '../../events/bus-event';
import { chainBuyer } from '../round-chain/buyer-acts';
import { bidActFor } from '../round-chain/round-acts';
import type { BidBuyer } from '../signatures/bid-buyer';
import { type BidSignatureRow, bidSignatureRow, signedByOf } from '../signatures/signature-records';
import { bidPlacedJob } from './bid-notifications';
import type { BidState } from './bid-state';
import { type BidToPlace, type BuyerRow, placeBidsUnderLock } from './place-bids.repository';
import { type Outcome, RoundBusy, RoundQueue } from './round-queue';

type PlanFields = 'financing' | 'takeoverDate' | 'buyerCapacity' | 'company' | 'conditionItems';
/** A parsed bid; callers in the application (the demo, tests) may leave out the plan and the takeover day. */
export type BidInput = Omit<z.output<typeof placeBidSchema>, PlanFields> &
  Partial<Pick<z.output<typeof placeBidSchema>, PlanFields>>;

/**
 * Places a batch of one round's bids in one statement (decision 051), within what is left of the bids'
 * budget. A deadlock or serialization failure runs the statement again, as for any one bid. If the batch
 * fails on what one bid holds (a data or constraint error, SQLSTATE class 22 or 23), nothing of it was
 * written, and each bid is placed alone, in order, so that the error is that bid's own and the others
 * stand. Any other failure (the database gone, the lock not granted in time) is every bid's.
 */
export async function placeBatch(
  db: Db,
  batch: BidToPlace[],
  remainingMs: number,
  budgetMs: number,
): Promise<Outcome<BidState>[]> {
  const deadline = performance.now() + remainingMs;
  const place = (bids: BidToPlace[]) =>
    retryingConflicts(() =>
      placeBidsUnderLock(
        db,
        bids,
        budgetMs > 0 ? lockWaitFor(deadline - performance.now(), budgetMs) : undefined,
      ),
    );
  try {
    return (await place(batch)).map((value) => ({ ok: true, value }));
  } catch (error) {
    if (batch.length === 1 || !belongsToOneBid(error)) throw error;
    const outcomes: Outcome<BidState>[] = [];
    for (const bid of batch) {
      try {
        const [value] = await place([bid]);
        outcomes.push(
          value ? { ok: true, value } : { ok: false, error: new Error('place_bids gave no state') },
        );
      } catch (own) {
        outcomes.push({ ok: false, error: own });
      }
    }
    return outcomes;
  }
}

function belongsToOneBid(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * How long place_bids may wait for the round's lock, out of the `remainingMs` left of the bids' budget.
 * lock_timeout counts each lock wait on its own, and a batch that is not first in line waits twice: for the
 * tuple lock that the transaction ahead of it holds (from this process or another) while that one waits,
 * then, once that one is through or has given up, for the round's row itself. Half of what is left for
 * each keeps the whole wait within the budget, whichever place in line the batch takes.
 */
function lockWaitFor(remainingMs: number, budgetMs: number): number {
  if (remainingMs < 2) throw new RoundBusy(budgetMs);
  return Math.floor(remainingMs / 2);
}

// One queue per database (tests run several apps in one process); a round's bids go to its own line.
const roundQueues = new WeakMap<Db, RoundQueue<BidToPlace, BidState>>();

export function roundQueueOf(deps: AppDeps): RoundQueue<BidToPlace, BidState> {
  let queue = roundQueues.get(deps.db);
  if (!queue) {
    const db = deps.db;
    const budgetMs = deps.env.DB_LOCK_TIMEOUT_MS;
    queue = new RoundQueue((batch, remainingMs) => placeBatch(db, batch, remainingMs, budgetMs));
    roundQueues.set(db, queue);
  }
  return queue;
}

/** What place_bids is given for the bid: its row, its job and event, its act and its signature row. */
export function bidToPlace(
  buyer: BidBuyer,
  input: BidInput,
  id: string,
  signed?: BidSignatureRow,
): BidToPlace {
  const coBidderIds = buyer.bidders.map((b) => b.userId).filter((userId) => userId !== buyer.partyId);
  const row: BuyerRow = {
    placedBy: buyer.placedBy,
    buyerCapacity: buyer.capacity,
    companyOrgNumber: buyer.company?.orgNumber ?? null,
    companyName: buyer.company?.name ?? null,
    companySignerRole: buyer.company?.signerRole ?? null,
    groupId: buyer.group?.id ?? null,
    groupVersion: buyer.group?.version ?? null,
    coBidderIds,
  };
  return {
    id,
    bidRoundId: input.bidRoundId,
    userId: buyer.partyId,
    buyer: row,
    amount: input.amount,
    conditions: input.conditions,
    conditionItems: conditionItemsOf(input),
    bidDeadline: input.bidDeadline,
    financingProofId: input.financingProofId ?? null,
    financing: input.financing ?? null,
    takeoverDate: input.takeoverDate ?? null,
    minAcceptanceMinutes: MIN_ACCEPTANCE_MINUTES,
    job: bidPlacedJob(id),
    event: {
      channel: EVENT_CHANNEL,
      payload: announceChange({ type: 'round', roundId: input.bidRoundId, change: 'bid', bidId: id }),
    },
    act: bidActFor(
      {
        id,
        bidRoundId: input.bidRoundId,
        userId: buyer.partyId,
        amount: input.amount,
        bidDeadline: input.bidDeadline,
        conditions: input.conditions,
        financing: input.financing ? { ...input.financing, lender: input.financing.lender ?? null } : null,
        takeoverDate: input.takeoverDate ?? null,
        buyer: chainBuyer(row),
      },
      signed && signedByOf(signed),
    ),
    signature: signed ? bidSignatureRow(signed) : null,
  };
}

/**
 * The bid's typed conditions: as parsed, or, for a caller in the application that gave only words (the
 * demo, tests), those words as one 'Annet' (decision 066).
 */
export function conditionItemsOf(input: Pick<BidInput, 'conditions' | 'conditionItems'>): ConditionInput[] {
  if (input.conditionItems) return input.conditionItems;
  return input.conditions ? [{ kind: 'Annet', text: input.conditions, until: null }] : [];
}

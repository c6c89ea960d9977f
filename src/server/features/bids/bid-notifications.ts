import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../../http/viewer';
import { DEFAULT_MAX_ATTEMPTS, deletePendingJobsNaming } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/mail-jobs';
import { bidReceiptMail, type MailRound } from '../../mail/round-mails';
import { findAccount } from '../accounts/accounts.service';
import { signedLinkOfBid } from '../round-chain/round-chain.service';
import { scheduleLapseNotice } from './bid-lapse';
import { queueNewBidNotices, roundUrl } from './bid-notices';
import { bidPlan } from './bid-views';
import { claimBidForNotifying } from './bids.repository';

export const BID_PLACED_JOB = 'bid:placed';

interface NewBid {
  round: MailRound & { ownerId: string | null; smsNotificationsEnabled: boolean };
  bidder: Viewer;
  /** The group's other members the bid binds (decision 065). */
  coBidders?: Viewer[];
  bid: {
    id: string;
    amount: number;
    conditions: string | null;
    bidDeadline: Date;
    createdAt: Date;
    financingProof: string | null;
    financingEquity: number | null;
    financingLoan: number | null;
    financingLender: string | null;
    takeoverDate: string | null;
  };
}

/**
 * The one job a bid queues under the round's lock (inserted by place_bid, with the bid). Everything it sets
 * off (receipt, a message to every follower, the lapse notice) is queued by the worker after the commit, so
 * that the lock is held for the bid alone however many people follow the round.
 */
export function bidPlacedJob(bidId: string) {
  return { type: BID_PLACED_JOB, payload: { bidId }, maxAttempts: DEFAULT_MAX_ATTEMPTS };
}

/**
 * A round an administrator deletes (decision 042): its bids' jobs not yet run go (the fan-out of a bid just
 * placed, the lapse notice and the warning before it). All of them name the bid as `bidId`.
 */
export function dropQueuedBidJobs(tx: DbOrTx, bidIds: string[]): Promise<number> {
  return deletePendingJobsNaming(tx, 'bidId', bidIds);
}

export function bidPlacedJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [BID_PLACED_JOB]: async (payload) => {
      const { bidId } = payload as { bidId: string };
      // One transaction: the messages are queued and the bid marked as notified together, or neither.
      await deps.db.transaction(async (tx) => {
        const claimed = await claimBidForNotifying(tx, bidId);
        // Notified already, or the round was deleted since (its people were told that instead).
        if (!claimed) return;
        const { bid, round } = claimed;
        const bidder = await findAccount(tx, bid.userId);
        if (!bidder) return;
        // Every member of a group gets the receipt: the bid binds them all (decision 065).
        const members = await Promise.all(bid.coBidderIds.map((id) => findAccount(tx, id)));
        if (bid.bidDeadline)
          await scheduleLapseNotice(tx, { id: bid.id, bidDeadline: bid.bidDeadline }, round.deadline);
        await queueNewBidNotifications(tx, deps, {
          round,
          bidder,
          coBidders: members.filter((m) => m !== null),
          bid: { ...bid, bidDeadline: bid.bidDeadline ?? round.deadline },
        });
      });
    },
  };
}

/**
 * Everything a new bid sets off, queued by its bid:placed job: the bidder's receipt, always and at once, and
 * the message to the owner and every other follower naming the property and amount, never the bidder,
 * folded per window (queueNewBidNotices).
 */
export async function queueNewBidNotifications(
  tx: DbOrTx,
  deps: AppDeps,
  { round, bidder, bid, coBidders = [] }: NewBid,
) {
  const url = roundUrl(deps, round.id);
  const link = await signedLinkOfBid(tx, deps, bid.id);
  for (const to of [bidder, ...coBidders])
    await enqueueMail(
      tx,
      bidReceiptMail(
        to,
        round,
        {
          bidId: bid.id,
          amount: bid.amount,
          conditions: bid.conditions,
          bidDeadline: bid.bidDeadline,
          receivedAt: bid.createdAt,
          ...bidPlan(bid),
          hasFinancingProof: bid.financingProof !== null,
          link,
        },
        url,
      ),
      { roundId: round.id },
    );
  await queueNewBidNotices(tx, deps, round, {
    amount: bid.amount,
    bidderId: bidder.id,
    createdAt: bid.createdAt,
    coBidderIds: coBidders.map((m) => m.id),
  });
}

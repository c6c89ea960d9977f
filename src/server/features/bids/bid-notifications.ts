import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { DEFAULT_MAX_ATTEMPTS, enqueueJobs } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-jobs';
import { bidReceiptMail, type MailRound, newBidMail, newBidSms } from '../../mail/round-mails';
import { SMS_JOB } from '../../sms/sms-jobs';
import type { Viewer } from '../accounts/accounts.repository';
import { findViewerById } from '../accounts/accounts.repository';
import { findFollowers } from '../bid-rounds/followers.repository';
import { scheduleLapseNotice } from './bid-lapse';
import { claimBidForNotifying } from './bids.repository';

export const BID_PLACED_JOB = 'bid:placed';

export const roundUrl = (deps: AppDeps, roundId: string) => `${deps.env.APP_URL}/budrunder/${roundId}`;

interface NewBid {
  round: MailRound & { ownerId: string | null; smsNotificationsEnabled: boolean };
  bidder: Viewer;
  bid: {
    id: string;
    amount: number;
    conditions: string | null;
    bidDeadline: Date;
    createdAt: Date;
    financingProof: string | null;
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
        const bidder = await findViewerById(tx, bid.userId);
        if (!bidder) return;
        if (bid.bidDeadline)
          await scheduleLapseNotice(tx, { id: bid.id, bidDeadline: bid.bidDeadline }, round.deadline);
        await queueNewBidNotifications(tx, deps, {
          round,
          bidder,
          bid: { ...bid, bidDeadline: bid.bidDeadline ?? round.deadline },
        });
      });
    },
  };
}

/**
 * Everything a new bid sets off, queued by its bid:placed job: the bidder's receipt, and a message
 * to the owner and every other follower naming the property and amount, never the bidder.
 */
export async function queueNewBidNotifications(tx: DbOrTx, deps: AppDeps, { round, bidder, bid }: NewBid) {
  const url = roundUrl(deps, round.id);
  await enqueueMail(
    tx,
    bidReceiptMail(
      bidder,
      round,
      {
        bidId: bid.id,
        amount: bid.amount,
        conditions: bid.conditions,
        bidDeadline: bid.bidDeadline,
        receivedAt: bid.createdAt,
        hasFinancingProof: bid.financingProof !== null,
      },
      url,
    ),
  );
  const recipients = new Map<string, { email: string; firstName: string; phone: string | null }>();
  if (round.ownerId) {
    const owner = await findViewerById(tx, round.ownerId);
    if (owner) recipients.set(owner.id, owner);
  }
  for (const follower of await findFollowers(tx, round.id)) recipients.set(follower.userId, follower);
  recipients.delete(bidder.id);
  // One insert for all of them: a round with hundreds of followers queues hundreds of messages per bid.
  const messages: { type: string; payload: unknown }[] = [];
  for (const person of recipients.values()) {
    messages.push({ type: MAIL_JOB, payload: { mail: newBidMail(person, round, bid.amount, url) } });
    if (round.smsNotificationsEnabled && person.phone)
      messages.push({
        type: SMS_JOB,
        payload: { to: person.phone, text: newBidSms(round, bid.amount, url) },
      });
  }
  await enqueueJobs(tx, messages);
}

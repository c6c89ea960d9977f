import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { enqueueMail } from '../../mail/mail-jobs';
import { bidReceiptMail, type MailRound, newBidMail, newBidSms } from '../../mail/round-mails';
import { enqueueSms } from '../../sms/sms-jobs';
import type { Viewer } from '../accounts/accounts.repository';
import { findViewerById } from '../accounts/accounts.repository';
import { findFollowers } from '../bid-rounds/followers.repository';

export const roundUrl = (deps: AppDeps, roundId: string) => `${deps.env.APP_URL}/budrunder/${roundId}`;

interface NewBid {
  round: MailRound & { ownerId: string | null; smsNotificationsEnabled: boolean };
  bidder: Viewer;
  bid: { id: string; amount: number; conditions: string | null; bidDeadline: Date; createdAt: Date };
}

/**
 * Everything a new bid sets off, queued in the bid's own transaction: the bidder's receipt, and a message
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
  for (const person of recipients.values()) {
    await enqueueMail(tx, newBidMail(person, round, bid.amount, url));
    if (round.smsNotificationsEnabled && person.phone)
      await enqueueSms(tx, person.phone, newBidSms(round, bid.amount, url));
  }
}

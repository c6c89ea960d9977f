import {
  findNoticeById,
  hasMailSince,
  logNoticeSent,
  markDelivery,
  type NoticeChannel,
} from '../../db/bidder-notices';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { foldedBidsMail, foldedBidsSms } from '../../mail/bid-notice-mails';
import { jobMessageId } from '../../mail/mail-jobs';
import { newBidMail, newBidSms } from '../../mail/round-mails';
import { NEW_BID_MAIL_JOB, NEW_BID_SMS_JOB, type NewBidNotice, roundUrl } from './bid-notices';
import {
  findAudienceMember,
  findHighestLiveBid,
  findRoundForNotices,
  markToldUpTo,
} from './bid-notices.repository';

/**
 * A new-bid notice as the round stands at the moment it goes out, or null when it should not go
 * (decision 053). Bids come faster than notices go: the bid that set the notice off may have been outbid, or
 * outbid by the very person it was for, since it was queued. So the notice names the highest live bid now,
 * and is not sent to the one who holds it.
 */
async function noticeAsItStands(deps: AppDeps, notice: NewBidNotice) {
  const { db } = deps;
  const round = await findRoundForNotices(db, notice.roundId);
  const now = await databaseNow(db);
  // A round that has ended sends its own messages (the winner, the journal) instead.
  if (!round || round.isClosed || round.deadline <= now) return null;
  // Someone who no longer owns or follows the round, or whose account has gone, is not told.
  const person = await findAudienceMember(db, round, notice.userId);
  if (!person) return null;
  const highest = await findHighestLiveBid(db, round.id, now);
  if (highest) await markToldUpTo(db, round.id, person.userId, highest.id);
  // The one who leads knows every bid below their own.
  if (highest?.userId === person.userId) return null;
  const url = roundUrl(deps, round.id);
  if ('folded' in notice) {
    const folded = { count: notice.folded, highest: highest?.amount ?? null };
    return {
      round,
      person,
      mail: foldedBidsMail(person, round, folded, url),
      sms: foldedBidsSms(round, folded, url),
    };
  }
  // The bid is gone (lapsed, rejected, its bidder deleted) and nothing as high stands: not news of a new
  // bid, and the drop has its own message (queueHeadlineDrop).
  if (!highest || highest.amount < notice.bid) return null;
  return {
    round,
    person,
    mail: newBidMail(person, round, highest.amount, url),
    sms: newBidSms(round, highest.amount, url),
  };
}

/** An SMS whose delivery is not reported within this long is shown as not delivered (decision 066). */
export const SMS_DELIVERY_WAIT_MS = 5 * 60_000;
export const SMS_DELIVERY_CHECK_JOB = 'bid:sms-delivery-check';

/**
 * What the owner's list of bidders reads (decision 066): this notice went out now, by this channel. The
 * owner's own notices are not bidders' and are not kept: 0, no row.
 */
async function logSent(
  deps: AppDeps,
  notice: NewBidNotice,
  ownerId: string | null,
  channel: NoticeChannel,
  messageId?: string | null,
) {
  if (notice.userId === ownerId) return 0;
  const id = await logNoticeSent(deps.db, {
    roundId: notice.roundId,
    userId: notice.userId,
    channel,
    smsMessageId: messageId,
  });
  await publishEvent(deps.db, { type: 'round', roundId: notice.roundId, change: 'bidder-states' });
  return id;
}

/** The owner's and followers' new-bid notices, each written and sent in one go. */
export function newBidNoticeJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [NEW_BID_MAIL_JOB]: async (payload, job) => {
      const notice = await noticeAsItStands(deps, payload as NewBidNotice);
      if (!notice) return;
      // The same Message-ID on every run, as every queued mail has (mail-jobs.ts): a copy sent again after a
      // crash is recognisably the same notice, though it may name a higher bid.
      await deps.mailer.send({ ...notice.mail, messageId: jobMessageId(job, deps.env.APP_URL) });
      await logSent(deps, payload as NewBidNotice, notice.round.ownerId, 'email');
    },
    [NEW_BID_SMS_JOB]: async (payload) => {
      const notice = await noticeAsItStands(deps, payload as NewBidNotice);
      // The round's SMS setting and the phone number as they are now, too.
      if (!notice?.round.smsNotificationsEnabled || !notice.person.phone) return;
      const { messageId } = await deps.sms.send(notice.person.phone, notice.sms);
      const id = await logSent(deps, payload as NewBidNotice, notice.round.ownerId, 'sms', messageId);
      // A gateway that reports delivery: a report not in within five minutes counts as not delivered.
      if (messageId && id)
        await enqueueJob(
          deps.db,
          SMS_DELIVERY_CHECK_JOB,
          { noticeId: id, notice: payload },
          { runAt: new Date(deps.clock.now().getTime() + SMS_DELIVERY_WAIT_MS) },
        );
    },
    // No report of delivery in time, or a report that it failed: shown as not delivered, and the notice goes
    // by e-mail too, unless a mail about the round has gone to the person since.
    [SMS_DELIVERY_CHECK_JOB]: async (payload) => {
      const { noticeId, notice } = payload as { noticeId: number; notice: NewBidNotice };
      const row = await findNoticeById(deps.db, noticeId);
      if (!row || row.delivery === 'delivered') return;
      const now = await databaseNow(deps.db);
      if (await markDelivery(deps.db, noticeId, 'late', now))
        await publishEvent(deps.db, { type: 'round', roundId: row.bidRoundId, change: 'bidder-states' });
      if (
        await hasMailSince(
          deps.db,
          row.bidRoundId,
          row.userId,
          new Date(row.sentAt.getTime() - MAIL_BESIDE_MS),
        )
      )
        return;
      await enqueueJob(deps.db, NEW_BID_MAIL_JOB, notice);
    },
  };
}

/** A mail sent this long before the SMS went with it (both are queued together): it counts as sent beside it. */
const MAIL_BESIDE_MS = 60_000;

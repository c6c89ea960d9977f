import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { DEFAULT_MAX_ATTEMPTS, deletePendingJobsNaming, enqueueJob, enqueueJobs } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { type HeadlineReason, headlineDropMail, headlineDropSms } from '../../mail/bid-notice-mails';
import { NOTICE_MAIL_JOB } from '../../mail/mail-jobs';
import type { Mail } from '../../mail/mailer';
import type { MailRound } from '../../mail/round-mails';
import { SMS_JOB, type SmsPayload } from '../../sms/sms-jobs';
import {
  findAudienceMember,
  findHighestLiveBid,
  findRoundAudience,
  findRoundForNotices,
  type NoticePerson,
  type NoticeRound,
  openOrFoldWindows,
  takeFoldedBids,
} from './bid-notices.repository';

export const BID_NOTICE_DIGEST_JOB = 'bid:notice-digest';
/** A new-bid notice to one person, by mail and by SMS: written when it goes out (new-bid-notice-sending.ts). */
export const NEW_BID_MAIL_JOB = 'bid:new-bid-mail';
export const NEW_BID_SMS_JOB = 'bid:new-bid-sms';

/**
 * What a new-bid notice is about: one bid, by its amount (told at once), or how many bids a window folded
 * (the digest). Nothing more: the amount it names, and whether it goes at all, are decided when it goes out,
 * from the round as it stands then (decision 053).
 */
export type NewBidNotice = { roundId: string; userId: string } & ({ bid: number } | { folded: number });

export const roundUrl = (deps: Pick<AppDeps, 'env'>, roundId: string) =>
  `${deps.env.APP_URL}/budrunder/${roundId}`;

/**
 * A mail to each person, and an SMS to each with a phone while the round's SMS setting is on: one insert.
 * Each names the round, so that its deletion drops those not yet sent (dropQueuedRoundMessages).
 */
export async function queueMessages(
  tx: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'smsNotificationsEnabled'>,
  people: Iterable<NoticePerson>,
  message: { mail: (person: NoticePerson) => Mail; sms: string },
): Promise<void> {
  const jobs: { type: string; payload: unknown }[] = [];
  const roundId = round.id;
  for (const person of people) {
    jobs.push({ type: NOTICE_MAIL_JOB, payload: { mail: message.mail(person), roundId } });
    if (round.smsNotificationsEnabled && person.phone)
      jobs.push({
        type: SMS_JOB,
        payload: { to: person.phone, text: message.sms, roundId } satisfies SmsPayload,
      });
  }
  await enqueueJobs(tx, jobs);
}

/**
 * A round an administrator deletes (decision 042): every message about it that has not gone yet, and the
 * digests waiting for a window's end, go with it. They all name the round as `roundId`.
 */
export function dropQueuedRoundMessages(tx: DbOrTx, roundId: string): Promise<number> {
  return deletePendingJobsNaming(tx, 'roundId', [roundId]);
}

/**
 * A new bid's message to the owner and the followers (never the bidder, who has the receipt), at most one
 * per person and round in NOTIFY_WINDOW_S: whoever has had none in the window gets it now, and a window
 * opens; for the others the bid is counted, and the first bid counted queues the digest for the window's
 * end (decision 028). Runs in the bid's fan-out transaction, so a bid is counted once and nothing is lost.
 * What the message says is decided when it goes out (decision 053).
 */
export async function queueNewBidNotices(
  tx: DbOrTx,
  deps: AppDeps,
  round: MailRound & Pick<NoticeRound, 'ownerId' | 'smsNotificationsEnabled'>,
  bid: { amount: number; bidderId: string; createdAt: Date; coBidderIds?: string[] },
): Promise<void> {
  const audience = await findRoundAudience(tx, round);
  audience.delete(bid.bidderId);
  // A group's bid is every member's own: none of them hears of it as someone else's (decision 065).
  for (const id of bid.coBidderIds ?? []) audience.delete(id);
  const windows = await openOrFoldWindows(tx, round.id, [...audience.keys()], bid, deps.env.NOTIFY_WINDOW_S);
  const now = windows.filter((w) => w.action === 'tell-now').map((w) => audience.get(w.userId));
  await queueNewBidNoticesTo(
    tx,
    round,
    now.filter((p): p is NoticePerson => p !== undefined),
    { bid: bid.amount },
  );
  for (const window of windows.filter((w) => w.action === 'queue-digest'))
    await enqueueJob(
      tx,
      BID_NOTICE_DIGEST_JOB,
      { roundId: round.id, userId: window.userId },
      { runAt: window.endsAt, maxAttempts: DEFAULT_MAX_ATTEMPTS },
    );
}

/**
 * One new-bid notice per person: a mail, and an SMS to those with a phone while the round's SMS setting is
 * on. Each names the round, so that its deletion drops those not yet sent (dropQueuedRoundMessages), and the
 * person, so that their account's deletion does too.
 */
async function queueNewBidNoticesTo(
  tx: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'smsNotificationsEnabled'>,
  people: Iterable<NoticePerson>,
  about: { bid: number } | { folded: number },
): Promise<void> {
  const jobs: { type: string; payload: NewBidNotice }[] = [];
  for (const person of people) {
    const payload: NewBidNotice = { roundId: round.id, userId: person.userId, ...about };
    jobs.push({ type: NEW_BID_MAIL_JOB, payload });
    if (round.smsNotificationsEnabled && person.phone) jobs.push({ type: NEW_BID_SMS_JOB, payload });
  }
  await enqueueJobs(tx, jobs);
}

/**
 * The highest live bid went down without a new bid (it lapsed, or its bidder's account was deleted): the
 * owner and every follower get one message with the new figure and the reason, and none names a bidder.
 */
export async function queueHeadlineDrop(
  tx: DbOrTx,
  deps: AppDeps,
  roundId: string,
  reason: HeadlineReason,
  options: { skipOwner?: boolean; skipUserIds?: string[] } = {},
): Promise<void> {
  const round = await findRoundForNotices(tx, roundId);
  if (!round) return;
  const highest = await findHighestLiveBid(tx, roundId, await databaseNow(tx));
  const audience = await findRoundAudience(tx, round);
  // The owner's own lapse notice already carries the reason and the new figure: one message, not two.
  if (options.skipOwner && round.ownerId) audience.delete(round.ownerId);
  // Whoever has a message of their own about the same change (a rejected bid's bidder) is not told twice.
  for (const userId of options.skipUserIds ?? []) audience.delete(userId);
  const change = { reason, highest: highest?.amount ?? null };
  const url = roundUrl(deps, roundId);
  await queueMessages(tx, round, audience.values(), {
    mail: (person) => headlineDropMail(person, round, change, url),
    sms: headlineDropSms(round, change, url),
  });
}

export function bidNoticeJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    // The end of a window: the bids counted in it, as one message naming the highest live bid when it goes
    // out (decision 053).
    [BID_NOTICE_DIGEST_JOB]: async (payload) => {
      const { roundId, userId } = payload as { roundId: string; userId: string };
      await deps.db.transaction(async (tx) => {
        const count = await takeFoldedBids(tx, roundId, userId, deps.env.NOTIFY_WINDOW_S);
        if (count === 0) return;
        const round = await findRoundForNotices(tx, roundId);
        const now = await databaseNow(tx);
        // A round that has ended sends its own messages (the winner, the journal) instead.
        if (!round || round.isClosed || round.deadline <= now) return;
        const person = await findAudienceMember(tx, round, userId);
        if (!person) return;
        await queueNewBidNoticesTo(tx, round, [person], { folded: count });
      });
    },
  };
}

import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import type { AfterDeletion } from '../../hooks/account-deletion';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import {
  type HeadlineReason,
  lapseWarningMail,
  lapseWarningSms,
  ownerLapseMail,
  ownerLapseSms,
} from '../../mail/bid-notice-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { bidLapsedMail } from '../../mail/round-mails';
import { findAccount } from '../accounts/accounts.service';
import { queueHeadlineDrop, queueMessages, roundUrl } from './bid-notices';
import {
  findHighestLiveBid,
  findRoundAudience,
  findRoundForNotices,
  findRoundsLedBy,
  markNoticeSent,
  type NoticeRound,
} from './bid-notices.repository';

export const BID_LAPSED_JOB = 'bid:lapsed';
export const BID_LAPSE_WARNING_JOB = 'bid:lapse-warning';

/** The owner is warned this long before the highest live bid lapses (PRODUCT.md; decision 028). */
export const LAPSE_WARNING_MS = 30 * 60_000;

/**
 * Queued with the bid: at its acceptance deadline the bidder and the owner hear that it has lapsed, and 30
 * minutes before, the owner is warned if it is the highest live bid then. Only while the round is open at
 * that moment; a deadline after the round's own needs no job at all.
 */
export async function scheduleLapseNotice(
  tx: DbOrTx,
  bid: { id: string; bidDeadline: Date },
  roundDeadline: Date,
): Promise<void> {
  if (bid.bidDeadline >= roundDeadline) return;
  await enqueueJob(tx, BID_LAPSED_JOB, { bidId: bid.id }, { runAt: bid.bidDeadline });
  const warnAt = new Date(bid.bidDeadline.getTime() - LAPSE_WARNING_MS);
  await enqueueJob(tx, BID_LAPSE_WARNING_JOB, { bidId: bid.id }, { runAt: warnAt });
}

async function findLapse(db: DbOrTx, bidId: string) {
  const [row] = await db
    .select({
      bidId: bids.id,
      userId: bids.userId,
      amount: bids.amount,
      bidDeadline: bids.bidDeadline,
      createdAt: bids.createdAt,
      rejectedAt: bids.rejectedAt,
      roundId: bidRounds.id,
      roundDeadline: bidRounds.deadline,
      isClosed: bidRounds.isClosed,
      title: properties.title,
      address: properties.address,
      email: users.email,
      firstName: users.firstName,
      deletedAt: users.deletedAt,
      coBidderIds: bids.coBidderIds,
    })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.id, bidId));
  return row ?? null;
}

async function hasLaterBid(db: DbOrTx, roundId: string, userId: string, after: Date): Promise<boolean> {
  const rows = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.bidRoundId, roundId), eq(bids.userId, userId), gt(bids.createdAt, after)))
    .limit(1);
  return rows.length > 0;
}

/** The round's owner, if the account still exists. */
async function findOwner(db: DbOrTx, round: NoticeRound) {
  if (!round.ownerId) return null;
  return (await findRoundAudience(db, { id: round.id, ownerId: round.ownerId })).get(round.ownerId) ?? null;
}

/**
 * Warns the owner, once, that the highest live bid lapses at its deadline: by the warning job 30 minutes
 * before, or at once when a bid that lapses sooner than that has just become the highest.
 */
export async function warnOwnerOfLapse(
  tx: DbOrTx,
  deps: AppDeps,
  round: NoticeRound,
  bid: { id: string; amount: number; bidDeadline: Date },
): Promise<void> {
  const owner = await findOwner(tx, round);
  if (!owner || !(await markNoticeSent(tx, `lapse-warning:${bid.id}`, round.id))) return;
  const url = roundUrl(deps, round.id);
  await queueMessages(tx, round, [owner], {
    mail: (to) => lapseWarningMail(to, round, bid, url),
    sms: lapseWarningSms(round, bid, url),
  });
}

/** After the highest bid went down: if the new highest lapses within 30 minutes, the owner hears now. */
async function warnIfNewHighestLapsesSoon(tx: DbOrTx, deps: AppDeps, round: NoticeRound, now: Date) {
  const highest = await findHighestLiveBid(tx, round.id, now);
  if (!highest?.bidDeadline || highest.bidDeadline >= round.deadline) return;
  if (highest.bidDeadline.getTime() - now.getTime() > LAPSE_WARNING_MS) return;
  await warnOwnerOfLapse(tx, deps, round, { ...highest, bidDeadline: highest.bidDeadline });
}

/**
 * The highest live bid went down without a new bid: the owner and the followers get the new figure with the
 * reason (decision 028), and the owner is warned at once if the new highest lapses within 30 minutes.
 */
export async function queueDropAndWarn(
  tx: DbOrTx,
  deps: AppDeps,
  roundId: string,
  reason: HeadlineReason,
  options: { skipOwner?: boolean; skipUserIds?: string[] } = {},
) {
  await queueHeadlineDrop(tx, deps, roundId, reason, options);
  const round = await findRoundForNotices(tx, roundId);
  if (round) await warnIfNewHighestLapsesSoon(tx, deps, round, await databaseNow(tx));
}

/**
 * Account deletion's part in bids (decision 028): their bids stop counting with the account (bids of deleted
 * accounts are not live), so the open rounds the user's live bid leads are read while the account still
 * exists, and at the very end, once it is gone, each one's owner and followers get the new figure.
 */
export async function withdrawLeadsOf(
  tx: Tx,
  userId: string,
  deps: AppDeps,
  atTheEnd: (followUp: AfterDeletion) => void,
): Promise<void> {
  const ledRounds = await findRoundsLedBy(tx, userId, await databaseNow(tx));
  atTheEnd(() => queueDropsAfterWithdrawal(tx, deps, ledRounds));
}

/** A bidder's account was deleted: the rounds their bid led get the new figure (decision 028). */
async function queueDropsAfterWithdrawal(tx: DbOrTx, deps: AppDeps, roundIds: string[]) {
  for (const roundId of roundIds) {
    await queueHeadlineDrop(tx, deps, roundId, 'withdrawn');
    const round = await findRoundForNotices(tx, roundId);
    if (round) await warnIfNewHighestLapsesSoon(tx, deps, round, await databaseNow(tx));
  }
}

export function bidLapseJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [BID_LAPSED_JOB]: async (payload) => {
      const { bidId } = payload as { bidId: string };
      await deps.db.transaction(async (tx) => {
        const lapse = await findLapse(tx, bidId);
        // The round was deleted, the account too, or the deadline was never reached while the round ran. A
        // bid the seller rejected stopped binding then: its bidder was told so, and it does not lapse again.
        if (!lapse?.bidDeadline || lapse.deletedAt || lapse.rejectedAt) return;
        // Never about a bid that still binds, and only while the round is still open: the mail says so, and
        // invites a new bid. (A round that ended before the bid lapsed is covered too: it is closed or past.)
        const now = await databaseNow(tx);
        if (lapse.bidDeadline > now || lapse.isClosed || lapse.roundDeadline <= now) return;
        // Once, however often the job runs.
        if (!(await markNoticeSent(tx, `lapsed:${bidId}`, lapse.roundId))) return;
        // The highest bid may be another one now: screens that show the round are told at once.
        await publishEvent(tx, { type: 'round', roundId: lapse.roundId, change: 'bid-lapsed' });
        const url = roundUrl(deps, lapse.roundId);
        // A newer bid from the same bidder has taken this one's place: no need to say the old one lapsed.
        if (!(await hasLaterBid(tx, lapse.roundId, lapse.userId, lapse.createdAt))) {
          // Every member of a group the bid bound hears of it (decision 065).
          const members = await Promise.all(lapse.coBidderIds.map((id) => findAccount(tx, id)));
          for (const to of [lapse, ...members.filter((m) => m !== null)])
            await enqueueMail(
              tx,
              bidLapsedMail(
                to,
                { id: lapse.roundId, title: lapse.title, address: lapse.address },
                { amount: lapse.amount, bidDeadline: lapse.bidDeadline, roundDeadline: lapse.roundDeadline },
                url,
              ),
              { roundId: lapse.roundId },
            );
        }
        const round = await findRoundForNotices(tx, lapse.roundId);
        if (!round) return;
        // It led until it lapsed, and nothing higher came since: the headline went down.
        const justBefore = new Date(lapse.bidDeadline.getTime() - 1);
        const before = await findHighestLiveBid(tx, round.id, justBefore);
        const highest = await findHighestLiveBid(tx, round.id, now);
        const wasHighest = before?.id === lapse.bidId && (highest?.amount ?? 0) < lapse.amount;
        const owner = await findOwner(tx, round);
        if (owner) {
          const notice = {
            amount: lapse.amount,
            bidDeadline: lapse.bidDeadline,
            wasHighest,
            highest: highest?.amount ?? null,
          };
          await queueMessages(tx, round, [owner], {
            mail: (to) => ownerLapseMail(to, round, notice, url),
            sms: ownerLapseSms(round, notice, url),
          });
        }
        if (!wasHighest) return;
        await queueHeadlineDrop(tx, deps, round.id, 'lapsed', { skipOwner: true });
        await warnIfNewHighestLapsesSoon(tx, deps, round, now);
      });
    },
    [BID_LAPSE_WARNING_JOB]: async (payload) => {
      const { bidId } = payload as { bidId: string };
      await deps.db.transaction(async (tx) => {
        const lapse = await findLapse(tx, bidId);
        if (!lapse?.bidDeadline || lapse.deletedAt || lapse.rejectedAt) return;
        const now = await databaseNow(tx);
        if (lapse.bidDeadline <= now || lapse.isClosed || lapse.roundDeadline <= now) return;
        // Only the bid the owner would accept: a lower one lapsing changes nothing they must act on.
        const highest = await findHighestLiveBid(tx, lapse.roundId, now);
        if (highest?.id !== lapse.bidId) return;
        const round = await findRoundForNotices(tx, lapse.roundId);
        if (round)
          await warnOwnerOfLapse(tx, deps, round, {
            id: lapse.bidId,
            amount: lapse.amount,
            bidDeadline: lapse.bidDeadline,
          });
      });
    },
  };
}

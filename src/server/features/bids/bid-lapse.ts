import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/mail-jobs';
import { bidLapsedMail } from '../../mail/round-mails';
import { roundUrl } from './bid-notifications';

export const BID_LAPSED_JOB = 'bid:lapsed';

/**
 * Queued with the bid, to run at its acceptance deadline: the bidder hears that the bid has lapsed and that
 * they may bid again. Only when the round is still open at that moment; a deadline after the round's own
 * needs no job at all.
 */
export async function scheduleLapseNotice(
  tx: DbOrTx,
  bid: { id: string; bidDeadline: Date },
  roundDeadline: Date,
): Promise<void> {
  if (bid.bidDeadline >= roundDeadline) return;
  await enqueueJob(tx, BID_LAPSED_JOB, { bidId: bid.id }, { runAt: bid.bidDeadline });
}

async function findLapse(db: DbOrTx, bidId: string) {
  const [row] = await db
    .select({
      bidId: bids.id,
      userId: bids.userId,
      amount: bids.amount,
      bidDeadline: bids.bidDeadline,
      createdAt: bids.createdAt,
      roundId: bidRounds.id,
      roundDeadline: bidRounds.deadline,
      isClosed: bidRounds.isClosed,
      title: properties.title,
      address: properties.address,
      email: users.email,
      firstName: users.firstName,
      deletedAt: users.deletedAt,
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

export function bidLapseJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [BID_LAPSED_JOB]: async (payload) => {
      const { bidId } = payload as { bidId: string };
      await deps.db.transaction(async (tx) => {
        const lapse = await findLapse(tx, bidId);
        // The round was deleted, the account too, or the deadline was never reached while the round ran.
        if (!lapse?.bidDeadline || lapse.deletedAt) return;
        // Never about a bid that still binds, and only while the round is still open: the mail says so, and
        // invites a new bid. (A round that ended before the bid lapsed is covered too: it is closed or past.)
        const now = await databaseNow(tx);
        if (lapse.bidDeadline > now || lapse.isClosed || lapse.roundDeadline <= now) return;
        // The highest bid may be another one now: screens that show the round are told at once.
        await publishEvent(tx, { type: 'round', roundId: lapse.roundId, change: 'bid-lapsed' });
        // A newer bid from the same bidder has taken this one's place: no need to say the old one lapsed.
        if (await hasLaterBid(tx, lapse.roundId, lapse.userId, lapse.createdAt)) return;
        await enqueueMail(
          tx,
          bidLapsedMail(
            lapse,
            { id: lapse.roundId, title: lapse.title, address: lapse.address },
            { amount: lapse.amount, bidDeadline: lapse.bidDeadline, roundDeadline: lapse.roundDeadline },
            roundUrl(deps, lapse.roundId),
          ),
        );
      });
    },
  };
}

import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRoundFollowers, bidRounds, bids, properties, sentNotices, users } from '../../db/schema';
import { liveBidsOf } from './bids.repository';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A round as its notices need it: what to call it, whom to tell, whether SMS is on, and whether it runs. */
export async function findRoundForNotices(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      id: bidRounds.id,
      title: properties.title,
      address: properties.address,
      ownerId: properties.ownerId,
      smsNotificationsEnabled: bidRounds.smsNotificationsEnabled,
      isClosed: bidRounds.isClosed,
      deadline: bidRounds.deadline,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

export type NoticeRound = NonNullable<Awaited<ReturnType<typeof findRoundForNotices>>>;

export interface NoticePerson {
  userId: string;
  email: string;
  firstName: string;
  phone: string | null;
}

const personFields = { userId: users.id, email: users.email, firstName: users.firstName, phone: users.phone };

/** The owner (if any) and every follower of the round with an account that still exists, each once. */
export async function findRoundAudience(
  db: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'ownerId'>,
): Promise<Map<string, NoticePerson>> {
  const rows = await db
    .select(personFields)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          round.ownerId ? eq(users.id, round.ownerId) : sql`false`,
          sql`${users.id} in (select ${bidRoundFollowers.userId} from ${bidRoundFollowers}
            where ${bidRoundFollowers.bidRoundId} = ${round.id})`,
        ),
      ),
    )
    .orderBy(users.id);
  return new Map(rows.map((row) => [row.userId, row]));
}

/** One person, if they still own or follow the round: a folded message is not sent to someone who left. */
export async function findAudienceMember(
  db: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'ownerId'>,
  userId: string,
): Promise<NoticePerson | null> {
  const audience = await findRoundAudience(db, round);
  return audience.get(userId) ?? null;
}

/** The highest live bid at `at` (see liveBidsOf), with its acceptance deadline, or null. */
export async function findHighestLiveBid(db: DbOrTx, roundId: string, at: Date) {
  const result = await db.execute(sql`select b.id, b.amount, b.bid_deadline
    ${liveBidsOf(roundId, sql`${at.toISOString()}::timestamptz`)}
    order by b.amount desc limit 1`);
  const row = rowsOf<{ id: string; amount: string | number; bid_deadline: string | Date | null }>(result)[0];
  if (!row) return null;
  return {
    id: row.id,
    amount: Number(row.amount),
    bidDeadline: row.bid_deadline ? new Date(row.bid_deadline) : null,
  };
}

/** The open rounds in which the user's live bid is the highest right now: deleting the account lowers them. */
export async function findRoundsLedBy(db: DbOrTx, userId: string, at: Date): Promise<string[]> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const rows = await db
    .selectDistinct({ roundId: bids.bidRoundId })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .where(
      and(
        eq(bids.userId, userId),
        eq(bidRounds.isClosed, false),
        gt(bidRounds.deadline, at),
        or(isNull(bids.bidDeadline), gt(bids.bidDeadline, at)),
        sql`${bids.amount} = highest_live_bid(${bids.bidRoundId}, ${now})`,
      ),
    );
  return rows.map((r) => r.roundId);
}

/**
 * Records that a once-only notice is being sent, in the transaction that queues it. False if it was sent
 * already: the job that sends it ran before (a retry after a crash, or another process).
 */
export async function markNoticeSent(db: DbOrTx, key: string, roundId: string): Promise<boolean> {
  const rows = await db
    .insert(sentNotices)
    .values({ key, bidRoundId: roundId })
    .onConflictDoNothing()
    .returning({ key: sentNotices.key });
  return rows.length > 0;
}

/**
 * A new bid reaches these people: for each, either a message goes now (a window opens: `folded` 0), or the
 * bid is counted into the open window (`folded` 1 means the first one folded: its digest must be queued for
 * `endsAt`). A window that has ended while its digest has still to run keeps folding, so that the digest
 * counts every bid. Rows are taken in id order, so two bids' transactions never wait for each other in a
 * circle.
 */
export async function openOrFoldWindows(db: DbOrTx, roundId: string, userIds: string[], windowS: number) {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    [...userIds].sort().map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into bid_notice_windows as w (bid_round_id, user_id, ends_at, folded)
    select ${roundId}::uuid, u, clock_timestamp() + make_interval(secs => ${windowS}), 0
    from unnest(array[${ids}]) as u
    order by u
    on conflict (bid_round_id, user_id) do update set
      folded = case when w.ends_at <= clock_timestamp() and w.folded = 0 then 0 else w.folded + 1 end,
      ends_at = case when w.ends_at <= clock_timestamp() and w.folded = 0 then excluded.ends_at
        else w.ends_at end
    returning user_id, folded, ends_at`);
  return rowsOf<{ user_id: string; folded: number; ends_at: string | Date }>(result).map((r) => ({
    userId: r.user_id,
    folded: Number(r.folded),
    endsAt: new Date(r.ends_at),
  }));
}

/**
 * The digest's share: the bids folded into the person's window, set back to none, and a new window from
 * now (a message is about to go). 0 when there is nothing to tell: a digest that runs twice sends once.
 */
export async function takeFoldedBids(db: DbOrTx, roundId: string, userId: string, windowS: number) {
  const result = await db.execute(sql`
    with old as (
      select folded from bid_notice_windows
      where bid_round_id = ${roundId} and user_id = ${userId} and folded > 0
      for update)
    update bid_notice_windows w set folded = 0,
      ends_at = clock_timestamp() + make_interval(secs => ${windowS})
    from old
    where w.bid_round_id = ${roundId} and w.user_id = ${userId}
    returning old.folded`);
  return Number(rowsOf<{ folded: number }>(result)[0]?.folded ?? 0);
}

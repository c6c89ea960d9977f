import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { bindingBidsOf } from '../../db/binding-bids';
import type { DbOrTx } from '../../db/client';
import { liveBidsOf } from '../../db/live-bids';
import { sentNotices } from '../../db/notice-schema';
import { bidRoundFollowers, bidRounds, bids, properties, users } from '../../db/schema';

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

/** Who may hear of the round: its owner (if any) or a follower, with an account that still exists. */
const inAudience = (round: Pick<NoticeRound, 'id' | 'ownerId'>) =>
  and(
    isNull(users.deletedAt),
    or(
      round.ownerId ? eq(users.id, round.ownerId) : sql`false`,
      sql`${users.id} in (select ${bidRoundFollowers.userId} from ${bidRoundFollowers}
        where ${bidRoundFollowers.bidRoundId} = ${round.id})`,
    ),
  );

/** The owner (if any) and every follower of the round with an account that still exists, each once. */
export async function findRoundAudience(
  db: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'ownerId'>,
): Promise<Map<string, NoticePerson>> {
  const rows = await db.select(personFields).from(users).where(inAudience(round)).orderBy(users.id);
  return new Map(rows.map((row) => [row.userId, row]));
}

/** One person, if they still own or follow the round: a folded message is not sent to someone who left. */
export async function findAudienceMember(
  db: DbOrTx,
  round: Pick<NoticeRound, 'id' | 'ownerId'>,
  userId: string,
): Promise<NoticePerson | null> {
  // One row, not the whole audience: every notice of a round asks this for its own person.
  const [row] = await db
    .select(personFields)
    .from(users)
    .where(and(eq(users.id, userId), inAudience(round)));
  return row ?? null;
}

/**
 * Everyone whose bid in the round is live at `at` (see liveBidsOf), each once: a change to the listing made
 * while their bid stands is told to them with its old and new value (decision 054).
 */
export async function findLiveBidders(db: DbOrTx, roundId: string, at: Date): Promise<NoticePerson[]> {
  const result = await db.execute(sql`select distinct u.id as "userId", u.email, u.first_name as "firstName",
      u.phone
    ${liveBidsOf(roundId, sql`${at.toISOString()}::timestamptz`)}
    order by u.id`);
  return rowsOf<NoticePerson>(result);
}

/** The highest live bid at `at` (see liveBidsOf), with its bidder and acceptance deadline, or null. */
export async function findHighestLiveBid(db: DbOrTx, roundId: string, at: Date) {
  const result = await db.execute(sql`select b.id, b.user_id, b.amount, b.bid_deadline
    ${liveBidsOf(roundId, sql`${at.toISOString()}::timestamptz`)}
    order by b.amount desc limit 1`);
  const row = rowsOf<{
    id: string;
    user_id: string;
    amount: string | number;
    bid_deadline: string | Date | null;
  }>(result)[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
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
      and(bindingBidsOf(userId, at), sql`${bids.amount} = highest_live_bid(${bids.bidRoundId}, ${now})`),
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

/** What a bid's fan-out does for one person (openOrFoldWindows). */
export type WindowAction = 'tell-now' | 'queue-digest' | 'none';

/**
 * A new bid reaches these people. For each: if the last message already covered a newer bid (this one's
 * fan-out came late), nothing; if no window is open, a message goes now and a window opens; else the bid is
 * counted into the open window, and the first one counted queues the digest for `endsAt`. A window that has
 * ended while its digest has still to run keeps counting, so that the digest tells every bid. Rows are
 * taken in id order, so two bids' transactions never wait for each other in a circle.
 */
export async function openOrFoldWindows(
  db: DbOrTx,
  roundId: string,
  userIds: string[],
  bid: { createdAt: Date },
  windowS: number,
): Promise<{ userId: string; action: WindowAction; endsAt: Date }[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    [...userIds].sort().map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const placed = sql`${bid.createdAt.toISOString()}::timestamptz`;
  // Without a window (NOTIFY_WINDOW_S=0) every bid is told, in whatever order the fan-outs run.
  const covered = windowS > 0 ? sql`w.told_until >= ${placed}` : sql`false`;
  const opens = sql`w.ends_at <= clock_timestamp() and w.folded = 0`;
  const result = await db.execute(sql`
    insert into bid_notice_windows as w (bid_round_id, user_id, ends_at, folded, told_until)
    select ${roundId}::uuid, u, clock_timestamp() + make_interval(secs => ${windowS}), 0, ${placed}
    from unnest(array[${ids}]) as u
    order by u
    on conflict (bid_round_id, user_id) do update set
      folded = case when ${covered} then w.folded when ${opens} then 0 else w.folded + 1 end,
      told_until = case when ${covered} then w.told_until when ${opens} then ${placed} else w.told_until end,
      ends_at = case when ${covered} then w.ends_at when ${opens} then excluded.ends_at else w.ends_at end
    returning user_id, ends_at,
      (w.told_until = ${placed} and w.folded = 0) as told_now,
      (w.folded = 1 and (w.told_until is null or w.told_until < ${placed})) as first_folded`);
  return rowsOf<{ user_id: string; ends_at: string | Date; told_now: boolean; first_folded: boolean }>(
    result,
  ).map((r) => ({
    userId: r.user_id,
    action: r.told_now ? 'tell-now' : r.first_folded ? 'queue-digest' : 'none',
    endsAt: new Date(r.ends_at),
  }));
}

/**
 * The digest's share, under the row's lock: the bids placed by others since the last message covered
 * (counted from the bids, so that bids whose fan-out has not run yet are told too, and are skipped when it
 * does), and the newest of them. The window restarts from now when there is something to tell. A digest
 * that runs twice finds nothing the second time.
 */
export async function takeFoldedBids(db: DbOrTx, roundId: string, userId: string, windowS: number) {
  const locked = await db.execute(sql`
    select 1 from bid_notice_windows
    where bid_round_id = ${roundId} and user_id = ${userId} and folded > 0
    for update`);
  if (rowsOf(locked).length === 0) return 0;
  // Compared in SQL, at the database's microseconds: told_until is one microsecond past the newest bid a
  // digest told (bids are stamped in whole milliseconds), so a bid equal to it can only be the one a
  // 'tell-now' message named (openOrFoldWindows), never one a digest covered.
  const result = await db.execute(sql`
    with news as (
      select count(*) as n, max(b.created_at) as newest
      from bids b, bid_notice_windows w
      where w.bid_round_id = ${roundId} and w.user_id = ${userId}
        and b.bid_round_id = ${roundId} and b.user_id <> ${userId}
        and (w.told_until is null or b.created_at > w.told_until))
    update bid_notice_windows w set folded = 0,
      told_until = coalesce(news.newest + interval '1 microsecond', w.told_until),
      ends_at = case when news.n > 0 then clock_timestamp() + make_interval(secs => ${windowS})
        else w.ends_at end
    from news
    where w.bid_round_id = ${roundId} and w.user_id = ${userId}
    returning news.n`);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

/**
 * A notice that named the round's highest bid told the person of every bid up to that one: the fan-outs and
 * the digest that come later find those bids covered (told_until, decision 028), so the same news is not
 * told again as new (decision 053). One microsecond past the bid, as a digest leaves it (takeFoldedBids): a
 * value equal to a bid's time marks a message told now (openOrFoldWindows). Never moved back.
 */
export async function markToldUpTo(db: DbOrTx, roundId: string, userId: string, bidId: string) {
  await db.execute(sql`
    update bid_notice_windows w
    set told_until = greatest(w.told_until, b.created_at + interval '1 microsecond')
    from bids b
    where b.id = ${bidId} and w.bid_round_id = ${roundId} and w.user_id = ${userId}`);
}

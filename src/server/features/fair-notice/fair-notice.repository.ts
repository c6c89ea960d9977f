import { sql } from 'drizzle-orm';
import type { Delivery } from '../../db/bidder-notices';
import type { DbOrTx } from '../../db/client';

// What the owner's list of bidders reads (decision 066): the notices sent, the visits and the answers of a
// round's people since its highest live bid was placed.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = (userIds: string[]) =>
  sql`array[${sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface NoticeSent {
  userId: string;
  channel: 'email' | 'sms';
  sentAt: Date;
  hasReport: boolean;
  delivery: Delivery | null;
  deliveryAt: Date | null;
}

export async function findNoticesSince(db: DbOrTx, roundId: string, userIds: string[], since: Date) {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`
    select user_id, channel, sent_at, sms_message_id is not null as has_report, delivery, delivery_at
    from bidder_notices
    where bid_round_id = ${roundId} and user_id = any(${ids(userIds)}) and sent_at >= ${at(since)}
    order by sent_at`);
  return rowsOf<{
    user_id: string;
    channel: 'email' | 'sms';
    sent_at: string | Date;
    has_report: boolean;
    delivery: Delivery | null;
    delivery_at: string | Date | null;
  }>(result).map(
    (r): NoticeSent => ({
      userId: r.user_id,
      channel: r.channel,
      sentAt: new Date(r.sent_at),
      hasReport: r.has_report,
      delivery: r.delivery,
      deliveryAt: r.delivery_at ? new Date(r.delivery_at) : null,
    }),
  );
}

/** Each person's last visit to the round, if it came at or after `since`. */
export async function findVisitsSince(db: DbOrTx, roundId: string, userIds: string[], since: Date) {
  if (userIds.length === 0) return new Map<string, Date>();
  const result = await db.execute(sql`
    select user_id, seen_at from round_visits
    where bid_round_id = ${roundId} and user_id = any(${ids(userIds)}) and seen_at >= ${at(since)}`);
  return new Map(
    rowsOf<{ user_id: string; seen_at: string | Date }>(result).map((r) => [r.user_id, new Date(r.seen_at)]),
  );
}

/** Each person's newest answer given at or after `since`. */
export async function findAnswersSince(db: DbOrTx, roundId: string, userIds: string[], since: Date) {
  if (userIds.length === 0) return new Map<string, { answer: 'done' | 'considering'; answeredAt: Date }>();
  const result = await db.execute(sql`
    select distinct on (user_id) user_id, answer, answered_at from bidder_answers
    where bid_round_id = ${roundId} and user_id = any(${ids(userIds)}) and answered_at >= ${at(since)}
    order by user_id, answered_at desc, id desc`);
  return new Map(
    rowsOf<{ user_id: string; answer: 'done' | 'considering'; answered_at: string | Date }>(result).map(
      (r) => [r.user_id, { answer: r.answer, answeredAt: new Date(r.answered_at) }],
    ),
  );
}

/**
 * Records that the person opened the round now. True when it is news to the owner's list: the first visit
 * since the round's newest bid, so that a page opened again and again does not stir every screen.
 */
export async function recordVisitNow(db: DbOrTx, roundId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    with before as (
      select seen_at from round_visits where bid_round_id = ${roundId} and user_id = ${userId}
    ), visit as (
      insert into round_visits (bid_round_id, user_id, seen_at) values (${roundId}, ${userId}, clock_timestamp())
      on conflict (bid_round_id, user_id) do update set seen_at = excluded.seen_at
      returning 1
    )
    select coalesce((select seen_at from before) <
      (select max(created_at) from bids where bid_round_id = ${roundId}), true) as news
    from visit`);
  return rowsOf<{ news: boolean }>(result)[0]?.news ?? false;
}

export async function insertAnswer(
  db: DbOrTx,
  roundId: string,
  userId: string,
  answer: 'done' | 'considering',
  answeredAt: Date,
): Promise<void> {
  await db.execute(sql`insert into bidder_answers (bid_round_id, user_id, answer, answered_at)
    values (${roundId}, ${userId}, ${answer}, ${at(answeredAt)})`);
}

/** Every 'Byr ikke mer' answer of the round, oldest first, for its journals. */
export async function findDoneAnswers(db: DbOrTx, roundId: string) {
  const result = await db.execute(sql`
    select user_id, answered_at from bidder_answers
    where bid_round_id = ${roundId} and answer = 'done' order by answered_at, id`);
  return rowsOf<{ user_id: string; answered_at: string | Date }>(result).map((r) => ({
    userId: r.user_id,
    at: new Date(r.answered_at),
  }));
}

/** Everything the notices, visits and answers hold of one person, oldest first, for their data export. */
export async function findNoticeDataOf(db: DbOrTx, userId: string) {
  const [notices, visits, answers] = await Promise.all([
    db.execute(sql`select bid_round_id, channel, sent_at, delivery, delivery_at from bidder_notices
      where user_id = ${userId} order by sent_at, id`),
    db.execute(
      sql`select bid_round_id, seen_at from round_visits where user_id = ${userId} order by seen_at`,
    ),
    db.execute(sql`select bid_round_id, answer, answered_at from bidder_answers
      where user_id = ${userId} order by answered_at, id`),
  ]);
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    notices: rowsOf<{
      bid_round_id: string;
      channel: 'email' | 'sms';
      sent_at: string | Date;
      delivery: Delivery | null;
      delivery_at: string | Date | null;
    }>(notices).map((r) => ({
      bidRoundId: r.bid_round_id,
      channel: r.channel,
      sentAt: new Date(r.sent_at).toISOString(),
      delivery: r.delivery,
      deliveryAt: iso(r.delivery_at),
    })),
    visits: rowsOf<{ bid_round_id: string; seen_at: string | Date }>(visits).map((r) => ({
      bidRoundId: r.bid_round_id,
      seenAt: new Date(r.seen_at).toISOString(),
    })),
    answers: rowsOf<{ bid_round_id: string; answer: 'done' | 'considering'; answered_at: string | Date }>(
      answers,
    ).map((r) => ({
      bidRoundId: r.bid_round_id,
      answer: r.answer,
      answeredAt: new Date(r.answered_at).toISOString(),
    })),
  };
}

/** A deleted account's notices, visits and answers go with it; the chain and the journals keep the record. */
export async function deleteNoticeDataOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`delete from bidder_notices where user_id = ${userId}`);
  await db.execute(sql`delete from round_visits where user_id = ${userId}`);
  await db.execute(sql`delete from bidder_answers where user_id = ${userId}`);
}

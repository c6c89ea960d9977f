import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bidderNotices } from './fair-notice-schema';

// The log of new-bid notices as they went out (decision 066): written by the bids feature as it sends
// them, read by the owner's list of bidders, and updated by the SMS gateway's delivery reports. Down here
// because the feature that sends them lies below the one that shows them (decision 056).

export type NoticeChannel = 'email' | 'sms';
export type Delivery = 'delivered' | 'failed' | 'late';

/** One notice handed over to the mail server or the SMS gateway, now. */
export async function logNoticeSent(
  db: DbOrTx,
  notice: { roundId: string; userId: string; channel: NoticeChannel; smsMessageId?: string | null },
): Promise<number> {
  const [row] = await db
    .insert(bidderNotices)
    .values({
      bidRoundId: notice.roundId,
      userId: notice.userId,
      channel: notice.channel,
      smsMessageId: notice.smsMessageId ?? null,
    })
    // A gateway that gives the same id twice (a retried job it had already taken): the first row stands.
    .onConflictDoNothing()
    .returning({ id: bidderNotices.id });
  return row?.id ?? 0;
}

export async function findNoticeById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(bidderNotices).where(eq(bidderNotices.id, id));
  return row ?? null;
}

export async function findNoticeByMessageId(db: DbOrTx, messageId: string) {
  const [row] = await db.select().from(bidderNotices).where(eq(bidderNotices.smsMessageId, messageId));
  return row ?? null;
}

/**
 * What became of an SMS: a report of delivered or failed replaces what was known ('late', or nothing);
 * 'late' is set only while nothing is known. True when the row changed.
 */
export async function markDelivery(db: DbOrTx, id: number, delivery: Delivery, at: Date): Promise<boolean> {
  const known = delivery === 'late' ? sql`${bidderNotices.delivery} is null` : sql`true`;
  const rows = await db
    .update(bidderNotices)
    .set({ delivery, deliveryAt: at })
    .where(and(eq(bidderNotices.id, id), known))
    .returning({ id: bidderNotices.id });
  return rows.length > 0;
}

/** Whether the person has had a new-bid mail about the round since `since`. */
export async function hasMailSince(db: DbOrTx, roundId: string, userId: string, since: Date) {
  const [row] = await db
    .select({ id: bidderNotices.id })
    .from(bidderNotices)
    .where(
      and(
        eq(bidderNotices.bidRoundId, roundId),
        eq(bidderNotices.userId, userId),
        eq(bidderNotices.channel, 'email'),
        sql`${bidderNotices.sentAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bidRounds, bids, users } from './schema';

// Who was told of a round's latest bid, who has seen it and what they answered, and a bid's typed
// conditions (decision 066). Beside schema.ts as the other tables are.
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A new-bid notice as it went out to one person: when, by which channel, and for an SMS the gateway's id
 * and what its delivery report said. Written when the message is handed over, never when it is queued.
 */
export const bidderNotices = pgTable(
  'bidder_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    sentAt: ts('sent_at').notNull().default(sql`clock_timestamp()`),
    smsMessageId: text('sms_message_id'),
    delivery: text('delivery'),
    deliveryAt: ts('delivery_at'),
  },
  (t) => [
    index('bidder_notices_round_idx').on(t.bidRoundId, t.userId, t.sentAt),
    uniqueIndex('bidder_notices_sms_message_idx').on(t.smsMessageId),
    check('bidder_notices_channel', sql`${t.channel} in ('email', 'sms')`),
    check('bidder_notices_delivery', sql`${t.delivery} in ('delivered', 'failed', 'late')`),
  ],
);

/** When a person last opened the round's page (or a notice's link to it): 'seen' for every bid before. */
export const roundVisits = pgTable(
  'round_visits',
  {
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bidRoundId, t.userId] })],
);

/**
 * A bidder's answer to 'byr du mer?', every one kept: the current one is the newest given after the round's
 * highest live bid was placed, so a new higher bid clears every answer without a write.
 */
export const bidderAnswers = pgTable(
  'bidder_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [
    index('bidder_answers_round_idx').on(t.bidRoundId, t.userId, t.answeredAt),
    check('bidder_answers_answer', sql`${t.answer} in ('done', 'considering')`),
  ],
);

/**
 * One condition (forbehold) of a bid, in the order the bid lists them, with its kind and optional deadline;
 * waived by the bidder's signed act, or lapsed when its deadline passed first (forskrift § 3-5).
 */
export const bidConditions = pgTable(
  'bid_conditions',
  {
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    text: text('text'),
    until: ts('until'),
    waivedAt: ts('waived_at'),
    /** When the lapse was recorded (the chain, the owner's notice); the condition lapsed at `until`. */
    lapseRecordedAt: ts('lapse_recorded_at'),
  },
  (t) => [
    primaryKey({ columns: [t.bidId, t.position] }),
    index('bid_conditions_due_idx')
      .on(t.until)
      .where(sql`${t.waivedAt} is null and ${t.lapseRecordedAt} is null and ${t.until} is not null`),
    check(
      'bid_conditions_kind',
      sql`${t.kind} in ('Finansiering', 'Salg av egen bolig', 'Besiktigelse/tilstand', 'Annet')`,
    ),
  ],
);

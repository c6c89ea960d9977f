import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bidRounds, users } from './schema';

// The notification tables of decision 028, beside schema.ts to keep each file readable; drizzle.config.ts
// and the database client take both files.
const ts = (name: string) => timestamp(name, { withTimezone: true });

// The 'new bid' messages to one person about one round come at most once per window (NOTIFY_WINDOW_S,
// decision 028): the first at once, the rest counted here and folded into one message when the window ends.
export const bidNoticeWindows = pgTable(
  'bid_notice_windows',
  {
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endsAt: ts('ends_at').notNull(),
    // Bids fanned out since the last message, not yet told: 1 or more means the window's digest is queued.
    folded: integer('folded').notNull().default(0),
    // The newest bid the last message covered: a bid placed before it, fanned out late, is not told again.
    toldUntil: ts('told_until'),
  },
  (t) => [primaryKey({ columns: [t.bidRoundId, t.userId] })],
);

// Notices that must go out exactly once although the job that sends them may run twice (a lapse, the
// warning before it): the job's transaction inserts the key, and a second run finds it and does nothing.
export const sentNotices = pgTable('sent_notices', {
  key: text('key').primaryKey(),
  bidRoundId: uuid('bid_round_id')
    .notNull()
    .references(() => bidRounds.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

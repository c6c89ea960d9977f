import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bidRounds, bids, users } from './schema';

// The counter-offer table of decision 035, beside schema.ts to keep each file readable (as notice-schema.ts);
// drizzle.config.ts takes every schema file.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const kroner = (name: string) => bigint(name, { mode: 'number' });

// The seller's counter-offer (motbud, decision 035): a written offer to the bidder of one live bid. At most
// one open per bidder and round; 'lapsed' is also worked out on reading (an open one past its deadline), and
// is written by its lapse job or when the round closes. Accepting it places `acceptedBidId`, which wins.
export const counterOffers = pgTable(
  'counter_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    // Accounts are scrubbed, never deleted, as for bids.
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    amount: kroner('amount').notNull(),
    deadline: ts('deadline').notNull(),
    conditions: text('conditions'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: ts('answered_at'),
    acceptedBidId: uuid('accepted_bid_id').references(() => bids.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('counter_offers_round_idx').on(t.bidRoundId, t.createdAt),
    uniqueIndex('counter_offers_one_open_per_bidder')
      .on(t.bidRoundId, t.recipientId)
      .where(sql`${t.status} = 'open'`),
    check('counter_offers_amount_range', sql`${t.amount} between 1 and 10000000000`),
    check(
      'counter_offers_status',
      sql`${t.status} in ('open', 'accepted', 'declined', 'withdrawn', 'lapsed')`,
    ),
  ],
);

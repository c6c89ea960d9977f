import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bidRounds, users } from './schema';

// Bidder groups (decision 065): people who bid together in one round, each having signed a mutual power of
// attorney. Beside schema.ts as counter-offer-schema.ts is.
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One group of one round. `principal_id` is the member whose id the group's bids carry as their bidder
 * party (bids.user_id), so that every reader's pseudonyms, lists and notices treat the group as one bidder.
 * `version` grows with every change of members, under the round's lock: a bid formed for one set of members
 * is not placed for another (place_bid, migration 0025).
 */
export const bidderGroups = pgTable(
  'bidder_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    principalId: uuid('principal_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('bidder_groups_round_idx').on(t.bidRoundId)],
);

/**
 * A place in a group: the one who invited (accepted from the start), or an invitation to an e-mail address
 * with its answer. 'invited' → 'accepted' | 'declined' | 'lapsed'; 'accepted' → 'left'. `user_id` is set
 * once the address belongs to an account that answers.
 */
export const coBidders = pgTable(
  'co_bidders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => bidderGroups.id, { onDelete: 'cascade' }),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').notNull(),
    invitedAt: ts('invited_at').notNull(),
    answeredAt: ts('answered_at'),
    leftAt: ts('left_at'),
  },
  (t) => [
    index('co_bidders_group_idx').on(t.groupId),
    index('co_bidders_email_idx').on(t.bidRoundId, sql`lower(${t.email})`),
    // A person is in at most one group of a round (decision 065).
    uniqueIndex('co_bidders_one_group_per_round')
      .on(t.bidRoundId, t.userId)
      .where(sql`${t.state} = 'accepted'`),
    uniqueIndex('co_bidders_one_open_place_per_address')
      .on(t.groupId, sql`lower(${t.email})`)
      .where(sql`${t.state} in ('invited', 'accepted')`),
    check('co_bidders_state', sql`${t.state} in ('invited', 'accepted', 'declined', 'left', 'lapsed')`),
  ],
);

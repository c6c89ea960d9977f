import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

// The record anyone can verify (decision 040), beside schema.ts as signature-schema.ts.

// One row per act of a round, appended only by the database function append_round_act (migration 0014),
// under the round's lock: hash = SHA-256(prev_hash ‖ act), act being the canonical JSON text that was
// hashed, kept as text so that it is hashed again byte for byte. No foreign key to bid_rounds: the chain
// outlives the round's deletion (decision 042).
export const roundActs = pgTable(
  'round_acts',
  {
    roundId: uuid('round_id').notNull(),
    seq: integer('seq').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    act: text('act').notNull(),
    /** The act's kind, for lookups; the same as in `act`. */
    kind: text('kind').notNull(),
    /** The counter-offer, else the bid, the act is about, for lookups (a receipt finds its link by it). */
    subjectId: uuid('subject_id'),
    /** The person the act's commitment stands for; forgotten (set null) when the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the act only commits to: the salt, and the words and terms hashed with it (the statement, a
     * bid's conditions and plan, the seller's message). Shown only to readers who may see them.
     */
    secret: jsonb('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.seq] }),
    index('round_acts_subject_idx').on(t.subjectId),
    index('round_acts_user_idx').on(t.userId),
    // A bidder's first bid act in a round, where round_pseudonym reads their letter under the round's lock:
    // one index entry instead of every act of theirs (decision 050).
    index('round_acts_bidder_idx').on(t.roundId, t.userId, t.seq).where(sql`${t.kind} = 'bid'`),
    check('round_acts_seq_positive', sql`${t.seq} > 0`),
  ],
);

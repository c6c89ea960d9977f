import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RoundChangeValue } from '../../shared/rules/round-edits';
import { bidRounds, users } from './schema';

// The listing's viewings, their lists and the round's change log (decisions 045 and 046), beside schema.ts as
// the other feature tables are; drizzle.config.ts takes every schema file.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A viewing (visning) of the property. The last one's end sets the 12:00 rule's shortest acceptance deadline. */
export const roundViewings = pgTable(
  'round_viewings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('round_viewings_round_idx').on(t.bidRoundId, t.startsAt),
    check('round_viewings_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The viewing list (visningsliste): who signed up for which viewing. Accounts are scrubbed, never deleted. */
export const viewingSignups = pgTable(
  'viewing_signups',
  {
    viewingId: uuid('viewing_id')
      .notNull()
      .references(() => roundViewings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.viewingId, t.userId] }), index('viewing_signups_user_idx').on(t.userId)],
);

/**
 * What changed in a listing after it was published, and when (decision 046). `kind` is one of
 * ROUND_EDIT_KINDS (shared/rules/round-edits.ts). `bidsStood`: whether live bids stood at that moment; the
 * budjournal lists those changes. `valueChange`: the field's old and new value, kept only when live bids
 * stood (decision 054), null otherwise and for kinds without a value (photos, the salgsoppgave, viewings).
 */
export const roundChanges = pgTable(
  'round_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    madeBy: uuid('made_by').references(() => users.id, { onDelete: 'set null' }),
    byAdmin: boolean('by_admin').notNull().default(false),
    bidsStood: boolean('bids_stood').notNull().default(false),
    valueChange: jsonb('value_change').$type<{ from: RoundChangeValue; to: RoundChangeValue }>(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('round_changes_round_idx').on(t.bidRoundId, t.madeAt)],
);

/**
 * A photo upload not yet judged (decision 048): written before the bytes are stored, by the upload link's
 * id. A day later the sweep takes the row and deletes the photo unless a round shows it, so photos uploaded
 * for a round that was never created, or taken out before publishing, do not stay for ever.
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    id: uuid('id').primaryKey(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_uploads_uploaded_idx').on(t.uploadedAt)],
);

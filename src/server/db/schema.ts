import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BuyerCapacity } from '../../shared/rules/buyers';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
// bigint in "number" mode: amounts up to 10 000 000 000 kr exceed int4 but stay far inside 2^53.
const kroner = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    address: text('address'),
    bankName: text('bank_name'),
    bankContactName: text('bank_contact_name'),
    bankContactPhone: text('bank_contact_phone'),
    isApproved: boolean('is_approved').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    // Tokens are stored only as SHA-256 hashes; the plain token exists only in the e-mail.
    emailVerificationToken: text('email_verification_token'),
    emailVerificationSentAt: ts('email_verification_sent_at'),
    passwordResetToken: text('password_reset_token'),
    passwordResetSentAt: ts('password_reset_sent_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    // A verified identity (decision 064): a keyed HMAC of the provider's person claim (never the claim
    // itself), the verified birth date (YYYY-MM-DD), the provider's name and when. The verified names are
    // first_name and last_name.
    personHash: text('person_hash'),
    birthDate: text('birth_date'),
    identityProvider: text('identity_provider'),
    identityVerifiedAt: ts('identity_verified_at'),
    // The number confirmed by an SMS code; the phone is confirmed while it is still this number.
    phoneVerifiedNumber: text('phone_verified_number'),
    // 'Jeg byr som' (decision 065): the capacity a bid takes when its call names none.
    buyerCapacity: text('buyer_capacity').$type<BuyerCapacity>().notNull().default('forbruker'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_email_verification_token_idx').on(t.emailVerificationToken),
    index('users_password_reset_token_idx').on(t.passwordResetToken),
    // One person, one account (decision 064).
    uniqueIndex('users_person_hash_unique').on(t.personHash),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: ts('expire').notNull(),
    // Denormalised from sess so that all of one user's sessions can be ended in one statement.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    isApproved: boolean('is_approved').notNull().default(false),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    // Kept for the specification's data model; a password is never written here (PRODUCT.md).
    newPassword: text('new_password'),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: ts('completed_at'),
  },
  (t) => [index('password_reset_requests_user_idx').on(t.userId)],
);

export const properties = pgTable(
  'properties',
  {
    id: id(),
    title: text('title').notNull(),
    address: text('address').notNull(),
    description: text('description'),
    price: kroner('price').notNull(),
    size: integer('size'),
    rooms: integer('rooms'),
    buildYear: integer('build_year'),
    floor: text('floor'),
    // The cover; the same as imageUrls[0] whenever there are photos (decision 043: imageUrl stays the cover).
    imageUrl: text('image_url'),
    // Every photo of the listing, in the owner's order, at most 30 (PUT /api/bid-rounds/{id}/photos).
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    // The salgsoppgave (decision 044): a PDF in private storage, handed only to signed-in users.
    prospectusKey: text('prospectus_key'),
    prospectusSize: integer('prospectus_size'),
    prospectusUploadedAt: ts('prospectus_uploaded_at'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('properties_owner_idx').on(t.ownerId),
    check('properties_price_range', sql`${t.price} between 1 and 10000000000`),
  ],
);

export const bidRounds = pgTable(
  'bid_rounds',
  {
    id: id(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    deadline: ts('deadline').notNull(),
    // The effective shortest acceptance deadline: the later of the seller's own and the viewing rule's
    // (12:00 on the first working day after the last viewing, decision 045). Bids are checked against this.
    minimumBidDeadline: ts('minimum_bid_deadline'),
    // What the seller typed; kept so the effective one can be worked out again when viewings change.
    sellerMinimumBidDeadline: ts('seller_minimum_bid_deadline'),
    // 'viewing' | 'seller' | null: which of the two the effective deadline is.
    minimumBidDeadlineReason: text('minimum_bid_deadline_reason'),
    winningBidId: uuid('winning_bid_id').references((): AnyPgColumn => bids.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    isClosed: boolean('is_closed').notNull().default(false),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    // How the round ended: 'deadline' | 'closed' | 'winner'; the journal records it.
    closeReason: text('close_reason'),
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('bid_rounds_open_deadline_idx').on(t.deadline).where(sql`${t.isClosed} = false`),
    index('bid_rounds_property_idx').on(t.propertyId),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: id(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    // Accounts are scrubbed, never deleted, so bids and journals keep their bidder (PRODUCT.md).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: kroner('amount').notNull(),
    conditions: text('conditions'),
    bidDeadline: ts('bid_deadline'),
    financingProof: text('financing_proof'),
    // The bidder's financing plan (finansieringsplan): equity and loan together or neither; the lender may be
    // left out (a purchase with equity alone has none).
    financingEquity: kroner('financing_equity'),
    financingLoan: kroner('financing_loan'),
    financingLender: text('financing_lender'),
    // The desired takeover (overtakelse) as an Oslo calendar day; null is 'Etter avtale'.
    takeoverDate: date('takeover_date', { mode: 'string' }),
    createdAt: createdAt(),
    // Set once the bid's notifications were queued (after commit, by the worker): a fan-out job that runs
    // again after a crash finds it set and queues nothing twice.
    notifiedAt: ts('notified_at'),
    // The seller's written rejection (avslag, decision 034): once set, the bid no longer binds, counts, sets
    // the floor or can be chosen, exactly like a lapsed one (shared/rules/bids isBidLive).
    rejectedAt: ts('rejected_at'),
    rejectionMessage: text('rejection_message'),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    // Who buys (decision 065). user_id is the bidder party: the person, or a bidder group's principal, so
    // that a group is one 'Budgiver A'. placed_by is the member who placed the bid when that is someone else;
    // co_bidder_ids the group's other members when it was placed, every one of them bound by it.
    placedBy: uuid('placed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    coBidderIds: uuid('co_bidder_ids').array().notNull().default(sql`'{}'::uuid[]`),
    buyerCapacity: text('buyer_capacity').$type<BuyerCapacity>().notNull().default('forbruker'),
    companyOrgNumber: text('company_org_number'),
    companyName: text('company_name'),
    companySignerRole: text('company_signer_role'),
  },
  (t) => [
    index('bids_round_amount_idx').on(t.bidRoundId, t.amount.desc()),
    index('bids_user_idx').on(t.userId),
    // Only a group's bids are in it: a bid by one person costs no GIN insert under the round's lock.
    index('bids_co_bidders_idx').using('gin', t.coBidderIds).where(sql`cardinality(${t.coBidderIds}) > 0`),
    check('bids_buyer_capacity', sql`${t.buyerCapacity} in ('forbruker', 'naeringsdrivende')`),
    check(
      'bids_company_whole',
      sql`(${t.companyOrgNumber} is null) = (${t.companyName} is null)
        and (${t.companyOrgNumber} is null) = (${t.companySignerRole} is null)
        and (${t.companyOrgNumber} is null or ${t.buyerCapacity} = 'naeringsdrivende')`,
    ),
    check('bids_amount_range', sql`${t.amount} between 1 and 10000000000`),
    check(
      'bids_financing_whole',
      sql`(${t.financingEquity} is null) = (${t.financingLoan} is null)
        and (${t.financingEquity} is null or (${t.financingEquity} between 0 and 10000000000
          and ${t.financingLoan} between 0 and 10000000000))`,
    ),
  ],
);

// A bidder's financing proof (finansieringsbevis), uploaded before the bid it is attached to. The file lives
// in the object storage under financing-proofs/, which is never served under the public /objects/ path.
// `bidId` is set once, when a bid takes the proof: a proof belongs to one bid only.
export const financingProofs = pgTable(
  'financing_proofs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('financing_proofs_user_idx').on(t.userId),
    uniqueIndex('financing_proofs_bid_unique').on(t.bidId),
  ],
);

export const bidJournals = pgTable(
  'bid_journals',
  {
    id: id(),
    // No foreign key: a journal is a legal record, kept and marked when its round is deleted (decision 042).
    bidRoundId: uuid('bid_round_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    journalData: jsonb('journal_data').notNull(),
    roundDeletedAt: ts('round_deleted_at'), // when an administrator deleted the round
    createdAt: createdAt(),
  },
  // One journal per reader and round (a round is journalled once), which also finds a round's journals.
  (t) => [uniqueIndex('bid_journals_round_user_unique').on(t.bidRoundId, t.userId), index().on(t.userId)],
);

export const bidRoundFollowers = pgTable(
  'bid_round_followers',
  {
    id: id(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bid_round_followers_round_user_unique').on(t.bidRoundId, t.userId),
    index('bid_round_followers_user_idx').on(t.userId),
  ],
);

// The job queue and the development outbox, in job-schema.ts; named here too, where every caller finds them.
export { jobs, mailOutbox } from './job-schema';

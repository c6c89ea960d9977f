import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { passkeys } from './passkey-schema';
import { bidRounds, users } from './schema';

// The signatures of the binding acts besides a bid (decision 041): 'Velg som vinner',
// 'Avslå', 'Gi motbud' by the owner, and a bidder accepting a counter-offer. Like bid_signatures
// (signature-schema.ts): what was signed and the proof, so that the row can be checked again without the
// passkeys table; written in the act's own transaction, so an act and its signature commit together.
export const actSignatures = pgTable(
  'act_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'winner' | 'reject' | 'counter-offer' | 'accept-counter-offer'. */
    act: text('act').notNull(),
    bidRoundId: uuid('bid_round_id')
      .notNull()
      .references(() => bidRounds.id, { onDelete: 'cascade' }),
    /** The bid chosen or rejected, or the counter-offer made or accepted. */
    subjectId: uuid('subject_id').notNull(),
    // Accounts are scrubbed, not deleted; should a row go, the signature stays with its own public key.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    passkeyId: uuid('passkey_id').references(() => passkeys.id, { onDelete: 'set null' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    statement: text('statement').notNull(),
    canonicalAct: text('canonical_act').notNull(),
    nonce: text('nonce').notNull(),
    challenge: text('challenge').notNull(),
    signature: text('signature').notNull(),
    authenticatorData: text('authenticator_data').notNull(),
    clientDataJson: text('client_data_json').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('act_signatures_subject_idx').on(t.subjectId), index('act_signatures_user_idx').on(t.userId)],
);

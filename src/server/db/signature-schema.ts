import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { passkeys } from './passkey-schema';
import { bids, users } from './schema';

// The signing tables of decision 039, beside schema.ts as passkey-schema.ts.
const ts = (name: string) => timestamp(name, { withTimezone: true });

// Each challenge POST /api/signatures/options hands out: base64url(SHA-256(canonical act ‖ nonce)), for one
// user, good once (taken with DELETE … RETURNING) for five minutes. The nonce and the statement are kept so
// that the answer can be checked against the act posted with it and stored with the bid.
export const signatureChallenges = pgTable(
  'signature_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'bid', or one of the other binding acts (decision 041). */
    act: text('act').notNull(),
    challenge: text('challenge').notNull(),
    nonce: text('nonce').notNull(),
    statement: text('statement').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('signature_challenges_expiry_idx').on(t.expiresAt)],
);

// A bid's signature: what was signed (the statement and the canonical act with its nonce) and the proof
// (the WebAuthn answer's parts and the passkey's public key, all base64url), so that anyone holding the row
// can check it again without the passkeys table. Written in the same statement as the bid (place_bid).
export const bidSignatures = pgTable('bid_signatures', {
  bidId: uuid('bid_id')
    .primaryKey()
    .references(() => bids.id, { onDelete: 'cascade' }),
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
  signedAt: ts('signed_at').notNull().defaultNow(),
});

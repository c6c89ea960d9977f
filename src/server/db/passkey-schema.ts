import { bigint, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

// The passkey tables of decision 037, beside schema.ts to keep each file readable (as notice-schema.ts);
// drizzle.config.ts takes every schema file.
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A PostgreSQL bytea, read and written as a Uint8Array (a Buffer from node-postgres, a Uint8Array from PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

// A user's passkeys (WebAuthn credentials, decision 037): the public key and the signature counter the server
// checks at every login; never a private key, which stays on the device. Deleting an account (a scrub, not
// a row delete) removes them explicitly; the cascade covers a row that is deleted for real.
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The authenticator's transports ('internal', 'hybrid', 'usb' …), comma-separated; hints for the browser. */
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)],
);

// The challenges handed out by the options calls: each is good for one answer within five minutes. A login's
// challenge belongs to no one yet (userId null); an addition's to the signed-in user who asked for it.
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expiry_idx').on(t.expiresAt)],
);

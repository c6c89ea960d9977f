import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

// Identity through OpenID Connect and confirmed mobile numbers (decision 064), beside schema.ts.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One authorization request under way: its state (the row's key, also in the browser's cookie), nonce and
 * PKCE verifier, for a callback within ten minutes. Taken out when the callback comes, so it is good once.
 */
export const identityRequests = pgTable('identity_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** 'verify' (a signed-in account) or 'login'. */
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** A path on this site to come back to. */
  returnTo: text('return_to').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * A person who logged in with the provider but has no account yet: the verified names for the registration
 * form, kept for 30 minutes by the hash of a token in the browser's cookie. Registering with it links the
 * new account to the person.
 */
export const pendingIdentities = pgTable('pending_identities', {
  tokenHash: text('token_hash').primaryKey(),
  personHash: text('person_hash').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  birthDate: text('birth_date'),
  provider: text('provider').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** The last SMS code sent to a user's number: its hash, the number it went to, its expiry and the tries. */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
});

/** The key of the person claim's HMAC when IDENTITY_SECRET is not set: made once, in the migration. */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

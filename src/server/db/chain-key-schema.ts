import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The keys that sign the rounds' chain heads (decision 057), beside chain-schema.ts.

// Every public key that ever signed a head, so that GET /.well-known/budrunde-chain-key.json still lists a
// key after a rotation and an old receipt stays checkable. `private_key` is set only on the one key the
// server generated itself when CHAIN_SIGNING_KEY is not set: kept here so that every process signs with it.
export const chainSigningKeys = pgTable(
  'chain_signing_keys',
  {
    /** The JWK thumbprint (RFC 7638) of the public key. */
    kid: text('kid').primaryKey(),
    /** The raw 32-byte Ed25519 public key, base64url: the JWK's `x`. */
    x: text('x').notNull(),
    /** PKCS #8 PEM of a generated key; null for a key given in CHAIN_SIGNING_KEY, which never touches the database. */
    privateKey: text('private_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one generated key: processes starting at once on an empty database all end up with the same one.
  (t) => [
    uniqueIndex('chain_signing_keys_one_generated').on(sql`(true)`).where(sql`${t.privateKey} IS NOT NULL`),
  ],
);

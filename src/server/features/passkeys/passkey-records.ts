import type { DbOrTx } from '../../db/client';
import { deletePasskeysOf, listPasskeysOf } from './passkeys.repository';

// What other features need of the passkeys: forgetting them with the account or at a password reset
// (decision 052), and listing them in the personal data export. A module of its own, not
// passkeys.service.ts, which reads accounts and auth: importing each other would be a cycle.

/** Deletes every passkey (and open challenge) of a user, in an account deletion's or a reset's transaction. */
export function forgetPasskeysOf(db: DbOrTx, userId: string): Promise<void> {
  return deletePasskeysOf(db, userId);
}

/** The user's passkeys for the data export: names and times, never a key or a credential id. */
export async function passkeysForExport(db: DbOrTx, userId: string) {
  const rows = await listPasskeysOf(db, userId);
  return rows.map((row) => ({
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

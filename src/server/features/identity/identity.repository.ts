import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identityRequests, identitySecrets, pendingIdentities } from '../../db/identity-schema';

// The identity flow's storage (decision 064): queries only; the rules are in identity.service.ts.

export type IdentityRequestRow = typeof identityRequests.$inferSelect;

export async function insertIdentityRequest(db: DbOrTx, row: IdentityRequestRow, now: Date): Promise<void> {
  // Requests never finished go as new ones come, so the table holds only the last ten minutes' worth.
  await db.delete(identityRequests).where(lt(identityRequests.expiresAt, now));
  await db.insert(identityRequests).values(row);
}

/** Takes a request out by its state (it is good once), or null if there is none still live. */
export async function takeIdentityRequest(
  db: DbOrTx,
  state: string,
  now: Date,
): Promise<IdentityRequestRow | null> {
  const rows = await db.delete(identityRequests).where(eq(identityRequests.state, state)).returning();
  const row = rows[0];
  return row && row.expiresAt > now ? row : null;
}

export type PendingIdentityRow = typeof pendingIdentities.$inferSelect;

export async function insertPendingIdentity(db: DbOrTx, row: PendingIdentityRow, now: Date): Promise<void> {
  await db.delete(pendingIdentities).where(lt(pendingIdentities.expiresAt, now));
  await db.insert(pendingIdentities).values(row);
}

export async function findPendingIdentity(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<PendingIdentityRow | null> {
  const rows = await db
    .select()
    .from(pendingIdentities)
    .where(and(eq(pendingIdentities.tokenHash, tokenHash), gt(pendingIdentities.expiresAt, now)));
  return rows[0] ?? null;
}

export async function deletePendingIdentity(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(pendingIdentities).where(eq(pendingIdentities.tokenHash, tokenHash));
}

export async function findGeneratedIdentitySecret(db: DbOrTx): Promise<string | null> {
  const rows = await db
    .select({ value: identitySecrets.value })
    .from(identitySecrets)
    .where(eq(identitySecrets.name, 'person-hmac'));
  return rows[0]?.value ?? null;
}

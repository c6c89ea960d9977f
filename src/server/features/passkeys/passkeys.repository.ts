import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/passkey-schema';

// The passkeys' storage (decision 037): queries only; the rules are in passkeys.service.ts and
// passkey-login.service.ts.

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'login';

export async function insertChallenge(
  db: DbOrTx,
  row: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Expired challenges go as new ones come, so the table holds only the last five minutes' worth.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(row);
}

/** Takes a challenge out (it is good once): its expiry, or null if it was never issued for this purpose. */
export async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<Date | null> {
  const owner = userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId);
  const rows = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), owner))
    .returning({ expiresAt: passkeyChallenges.expiresAt });
  return rows[0]?.expiresAt ?? null;
}

/** `hasPasskey`'s query for one database, built once: every bid asks it (decision 051). */
const hasPasskeyQueries = new WeakMap<Db, ReturnType<typeof hasPasskeyQuery>>();

const hasPasskeyQuery = (db: Db) =>
  db
    .select({ one: sql<number>`1` })
    .from(passkeys)
    .where(eq(passkeys.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_has_passkey');

/** Whether the user has a passkey at all. */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  let query = hasPasskeyQueries.get(db);
  if (!query) {
    query = hasPasskeyQuery(db);
    hasPasskeyQueries.set(db, query);
  }
  return (await query.execute({ userId })).length > 0;
}

export function listPasskeysOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function insertPasskey(
  db: DbOrTx,
  row: Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>,
): Promise<PasskeyRow | null> {
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findPasskeyByCredentialId(
  db: DbOrTx,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return rows[0] ?? null;
}

/**
 * Records a login: the new counter and the time. Only if the stored counter is still the one checked, so
 * that two logins with one response cannot both pass (the second finds the counter moved, or a zero
 * counter's credential finds `expected` unchanged and is fine, as zero-counter authenticators never count).
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: string,
  expected: number,
  counter: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, expected)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return rows[0] ?? null;
}

export async function deletePasskeysOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
}

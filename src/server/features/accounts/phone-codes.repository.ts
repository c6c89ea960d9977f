import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { phoneCodes } from '../../db/identity-schema';

// The SMS codes that confirm a mobile number (decision 064): queries only.

export const MAX_CODE_TRIES = 5;

/** The user's one live code: a new code replaces the last, with its tries back at zero. */
export async function storePhoneCode(
  db: DbOrTx,
  row: { userId: string; phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(phoneCodes)
    .values({ ...row, tries: 0 })
    .onConflictDoUpdate({
      target: phoneCodes.userId,
      set: { phone: row.phone, codeHash: row.codeHash, expiresAt: row.expiresAt, tries: 0 },
    });
}

/**
 * Counts one try at the live code and returns it, in one statement so that tries made at the same moment
 * are all counted; null when there is no live code or its tries are used up.
 */
export async function countPhoneCodeTry(db: DbOrTx, userId: string, now: Date) {
  const rows = await db
    .update(phoneCodes)
    .set({ tries: sql`${phoneCodes.tries} + 1` })
    .where(
      and(eq(phoneCodes.userId, userId), gt(phoneCodes.expiresAt, now), lt(phoneCodes.tries, MAX_CODE_TRIES)),
    )
    .returning();
  return rows[0] ?? null;
}

export async function findPhoneCode(db: DbOrTx, userId: string) {
  const rows = await db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
  return rows[0] ?? null;
}

export async function deletePhoneCode(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
}

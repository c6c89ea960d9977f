import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidJournals } from '../../db/schema';
import type { StoredJournal } from './journal-builder';

export async function insertJournals(
  tx: DbOrTx,
  rows: { bidRoundId: string; userId: string; journalData: StoredJournal }[],
) {
  if (rows.length === 0) return;
  // The unique (round, reader) index makes a second close a no-op rather than a second set of journals.
  await tx.insert(bidJournals).values(rows).onConflictDoNothing();
}

export async function findJournalsOfUser(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(bidJournals)
    .where(eq(bidJournals.userId, userId))
    .orderBy(desc(bidJournals.createdAt));
  return rows.map((r) => ({ ...r, journalData: r.journalData as StoredJournal }));
}

export async function findJournal(db: DbOrTx, bidRoundId: string, userId: string) {
  const [row] = await db
    .select()
    .from(bidJournals)
    .where(and(eq(bidJournals.bidRoundId, bidRoundId), eq(bidJournals.userId, userId)));
  return row ? { ...row, journalData: row.journalData as StoredJournal } : null;
}

/** Journals that mention a user anywhere (as reader or as bidder). */
export async function findJournalsMentioning(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(bidJournals)
    .where(sql`${bidJournals.journalData}::text like ${`%${userId}%`}`);
  return rows.map((r) => ({ ...r, journalData: r.journalData as StoredJournal }));
}

export async function updateJournalData(db: DbOrTx, id: string, journalData: StoredJournal) {
  await db.update(bidJournals).set({ journalData }).where(eq(bidJournals.id, id));
}

export async function findOwnerCopy(db: DbOrTx, bidRoundId: string) {
  const [row] = await db
    .select()
    .from(bidJournals)
    .where(
      and(eq(bidJournals.bidRoundId, bidRoundId), sql`(${bidJournals.journalData}->>'isOwnerCopy')::boolean`),
    );
  return row ? { ...row, journalData: row.journalData as StoredJournal } : null;
}

/** An administrator deleted the round (decision 042): its journals stay, marked with when. */
export async function markJournalsOfRoundDeleted(db: DbOrTx, bidRoundId: string, at: Date): Promise<number> {
  const rows = await db
    .update(bidJournals)
    .set({ roundDeletedAt: at })
    .where(eq(bidJournals.bidRoundId, bidRoundId))
    .returning({ id: bidJournals.id });
  return rows.length;
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, properties } from '../../db/schema';

/** The round's salgsoppgave and what decides who may change it, without a lock: for reads and early refusals. */
export async function findRoundProspectus(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      ownerId: properties.ownerId,
      title: properties.title,
      isClosed: bidRounds.isClosed,
      // By the database's clock, as every deadline is decided.
      pastDeadline: sql<boolean>`${bidRounds.deadline} <= clock_timestamp()`,
      key: properties.prospectusKey,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

/** The stored file's key, read under the round's lock by the change that replaces or removes it. */
export async function findProspectusKey(db: DbOrTx, propertyId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: properties.prospectusKey })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.key ?? null;
}

export async function setProspectus(
  tx: DbOrTx,
  propertyId: string,
  file: { key: string; size: number; uploadedAt: Date } | null,
): Promise<void> {
  await tx
    .update(properties)
    .set({
      prospectusKey: file?.key ?? null,
      prospectusSize: file?.size ?? null,
      prospectusUploadedAt: file?.uploadedAt ?? null,
    })
    .where(eq(properties.id, propertyId));
}

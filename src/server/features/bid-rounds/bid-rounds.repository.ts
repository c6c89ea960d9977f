import { and, arrayOverlaps, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, properties } from '../../db/schema';

export async function insertProperty(db: DbOrTx, row: typeof properties.$inferInsert): Promise<string> {
  const [created] = await db.insert(properties).values(row).returning({ id: properties.id });
  if (!created) throw new Error('insert into properties returned no row');
  return created.id;
}

export async function insertRound(db: DbOrTx, row: typeof bidRounds.$inferInsert): Promise<string> {
  const [created] = await db.insert(bidRounds).values(row).returning({ id: bidRounds.id });
  if (!created) throw new Error('insert into bid_rounds returned no row');
  return created.id;
}

/** The property fields anyone may see. */
export const publicPropertyColumns = {
  title: properties.title,
  address: properties.address,
  description: properties.description,
  imageUrl: properties.imageUrl,
  imageUrls: properties.imageUrls,
  prospectusSize: properties.prospectusSize,
  prospectusUploadedAt: properties.prospectusUploadedAt,
  size: properties.size,
  rooms: properties.rooms,
  buildYear: properties.buildYear,
  floor: properties.floor,
};

export async function updateRound(tx: DbOrTx, id: string, fields: Partial<typeof bidRounds.$inferInsert>) {
  await tx.update(bidRounds).set(fields).where(eq(bidRounds.id, id));
}

export async function updatePropertyPrice(tx: DbOrTx, propertyId: string, price: number) {
  await tx.update(properties).set({ price }).where(eq(properties.id, propertyId));
}

/** Open rounds whose deadline has passed by database time: the sweep closes them. */
export async function findExpiredOpenRoundIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: bidRounds.id })
    .from(bidRounds)
    .where(and(eq(bidRounds.isClosed, false), lte(bidRounds.deadline, sql`now()`)));
  return rows.map((r) => r.id);
}

export async function findOpenRoundIdsOwnedBy(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bidRounds.id })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(and(eq(bidRounds.isClosed, false), eq(properties.ownerId, userId)));
  return rows.map((r) => r.id);
}

/** The round's facts without a lock, for reads. */
export async function findRoundForReading(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      id: bidRounds.id,
      isClosed: bidRounds.isClosed,
      closedAt: bidRounds.closedAt,
      deadline: bidRounds.deadline,
      winningBidId: bidRounds.winningBidId,
      price: properties.price,
      ownerId: properties.ownerId,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

/** Removes a property; its round, bids, journals and followers go with it (ON DELETE CASCADE). */
export async function deleteProperty(tx: DbOrTx, propertyId: string): Promise<void> {
  await tx.delete(properties).where(eq(properties.id, propertyId));
}

/**
 * Whether any property still shows this image, as its cover or among its photos: one upload may have been
 * used for more than one round. `forms` are the ways the path may be stored (with and without /objects/).
 */
export async function isImageInUse(db: DbOrTx, forms: string[]): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(or(inArray(properties.imageUrl, forms), arrayOverlaps(properties.imageUrls, forms)))
    .limit(1);
  return rows.length > 0;
}

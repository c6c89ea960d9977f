import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, properties } from '../../db/schema';

/** The property's photos in their order; the cover (`image_url`) is the first, or null without photos. */
export async function updatePropertyPhotos(tx: DbOrTx, propertyId: string, photos: string[]): Promise<void> {
  await tx
    .update(properties)
    .set({ imageUrls: photos, imageUrl: photos[0] ?? null })
    .where(eq(properties.id, propertyId));
}

/** A round's owner, state and photos without a lock: what may be checked before the lock is taken. */
export async function findRoundPhotos(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      ownerId: properties.ownerId,
      isClosed: bidRounds.isClosed,
      // By the database's clock, as every deadline is decided.
      pastDeadline: sql<boolean>`${bidRounds.deadline} <= clock_timestamp()`,
      imageUrls: properties.imageUrls,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

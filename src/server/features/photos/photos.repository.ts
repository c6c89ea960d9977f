import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { properties } from '../../db/schema';

/** The property's photos in their order; the cover (`image_url`) is the first, or null without photos. */
export async function updatePropertyPhotos(tx: DbOrTx, propertyId: string, photos: string[]): Promise<void> {
  await tx
    .update(properties)
    .set({ imageUrls: photos, imageUrl: photos[0] ?? null })
    .where(eq(properties.id, propertyId));
}

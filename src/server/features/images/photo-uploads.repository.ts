import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { photoUploads } from '../../db/listing-schema';

/** Notes an upload by its link's id before its bytes are stored; a retry of the same link notes nothing new. */
export async function notePhotoUpload(db: DbOrTx, id: string): Promise<void> {
  await db.insert(photoUploads).values({ id }).onConflictDoNothing();
}

/** Takes (deletes and returns) the ids of uploads older than `hours`, by the database's clock. */
export async function takePhotoUploadsOlderThan(db: DbOrTx, hours: number): Promise<string[]> {
  const taken = await db
    .delete(photoUploads)
    .where(lt(photoUploads.uploadedAt, sql`now() - make_interval(hours => ${hours})`))
    .returning({ id: photoUploads.id });
  return taken.map((row) => row.id);
}

import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { isPropertyImageInUse } from '../bid-rounds/bid-rounds.service';
import { propertyPhotoKeys, takeUploadsOlderThan } from '../images/upload.service';

export const PHOTO_DELETION_JOB = 'photos:delete';
/**
 * How long an upload may wait to be put in a round before the sweep judges it (decision 048): a day covers
 * a seller who fills in the form slowly; the create and photo calls refuse a photo that is gone, with
 * 'Fant ikke bildet. Last opp på nytt.'
 */
export const UNUSED_UPLOAD_HOURS = 24;

/**
 * Deletes photos no round shows any more, with their sizes, once the caller's transaction commits, with the
 * queue's retries. Whether a photo is still in use is asked again when the job runs, not when it is
 * queued: one upload may be put back in a round (or into another) before then, and must then stay.
 */
export async function enqueuePhotoDeletion(db: DbOrTx, photos: string[]): Promise<void> {
  if (photos.length > 0) await enqueueJob(db, PHOTO_DELETION_JOB, { photos });
}

export function photoJobHandlers({ db, storage }: AppDeps): Record<string, JobHandler> {
  return {
    [PHOTO_DELETION_JOB]: async (payload) => {
      for (const photo of (payload as { photos: string[] }).photos) {
        if (await isPropertyImageInUse(db, photo)) continue;
        // Deleting a file that is already gone succeeds, so a retried job does no harm.
        for (const key of propertyPhotoKeys(photo)) await storage.delete(key);
      }
    },
  };
}

/**
 * Periodic: every upload older than UNUSED_UPLOAD_HOURS is judged once. Its row goes, and its photo goes to
 * photos:delete, which keeps it if a round shows it by the time the job runs.
 */
export async function sweepUnusedUploads(db: AppDeps['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await enqueuePhotoDeletion(tx, await takeUploadsOlderThan(tx, UNUSED_UPLOAD_HOURS));
  });
}

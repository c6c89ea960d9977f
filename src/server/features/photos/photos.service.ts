import { type BidRoundView, toObjectPath } from '../../../shared/schemas/bid-round';
import type { AppDeps } from '../../deps';
import { Conflict, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { getRound } from '../bid-rounds/bid-rounds.service';
import { recordRoundChange } from '../bid-rounds/round-changes';
import { lockOpenRoundToManage } from '../bid-rounds/round-lifecycle.service';
import { ALREADY_CLOSED, assertCanManage } from '../bids/round-access';
import { IMAGE_NOT_FOUND_MESSAGE, isStoredPropertyImage } from '../images/upload.service';
import { enqueuePhotoDeletion } from './photo-deletion.service';
import { findRoundPhotos, updatePropertyPhotos } from './photos.repository';

const samePhotos = (a: string[], b: string[]) => a.length === b.length && a.every((url, i) => url === b[i]);

/**
 * PUT /api/bid-rounds/{id}/photos: the owner (or an admin) sets the open round's photos and their order,
 * the first as the cover, under the round's lock. A real change is recorded as 'Bildene er endret'; the
 * same list again changes nothing. Photos taken out that no round shows any more are deleted with their
 * sizes once the change commits: a seller who removes a photo expects it gone, not left at its address.
 */
export async function setRoundPhotos(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  imageUrls: string[],
): Promise<BidRoundView> {
  // At most 30 already (roundPhotosSchema); each once, in the form a round stores.
  const photos = [...new Set(imageUrls.map((url) => toObjectPath(url.trim()) ?? url))];
  // Storage is asked before the round's lock is taken, never while it is held: bids wait on that lock.
  // The same checks as under the lock (404, 403, 409), here in the one query that reads the photos.
  const before = await findRoundPhotos(deps.db, roundId);
  assertCanManage(before, viewer);
  if (before.isClosed || before.pastDeadline) throw new Conflict(ALREADY_CLOSED);
  const known = before.imageUrls.map((url) => toObjectPath(url) ?? url);
  await checkNewPhotosStored(deps, photos, known);
  await deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const current = round.imageUrls.map((url) => toObjectPath(url) ?? url);
    if (samePhotos(current, photos)) return;
    await updatePropertyPhotos(tx, round.propertyId, photos);
    await recordRoundChange(tx, deps, round, viewer, ['photos'], now);
    await enqueuePhotoDeletion(
      tx,
      current.filter((photo) => !photos.includes(photo)),
    );
  });
  return getRound(deps.db, viewer, roundId);
}

/** Every photo the round does not have yet must be one this server stored: a made-up path is refused. */
async function checkNewPhotosStored(deps: AppDeps, photos: string[], current: string[]): Promise<void> {
  const stored = await Promise.all(
    photos.map((photo) => current.includes(photo) || isStoredPropertyImage(deps.storage, photo)),
  );
  const missing = stored.indexOf(false);
  if (missing >= 0) {
    throw new ValidationError(IMAGE_NOT_FOUND_MESSAGE, [
      { path: `imageUrls.${missing}`, message: IMAGE_NOT_FOUND_MESSAGE },
    ]);
  }
}

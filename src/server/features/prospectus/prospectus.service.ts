import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { prospectusFileName } from '../../../shared/format/file-names';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import type { DbOrTx } from '../../db/client';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import { AppError, Conflict, NotFound, Unauthorized, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { enqueueObjectDeletion } from '../../storage/storage-jobs';
import { findAccount } from '../accounts/accounts.service';
import { getRound } from '../bid-rounds/bid-rounds.service';
import { recordRoundChange } from '../bid-rounds/round-changes';
import { lockOpenRoundToManage } from '../bid-rounds/round-lifecycle.service';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { ALREADY_CLOSED, assertCanManage } from '../bids/round-access';
import { findProspectusKey, findRoundProspectus, setProspectus } from './prospectus.repository';

/** 25 MB, counted as the other upload limits are (1024 × 1024 bytes a MB): decision 044. */
export const MAX_PROSPECTUS_BYTES = 25 * 1024 * 1024;
export const PROSPECTUS_TOO_LARGE = 'Salgsoppgaven er større enn 25 MB';
export const PROSPECTUS_NOT_PDF = 'Salgsoppgaven må være en PDF-fil';
export const PROSPECTUS_EMPTY = 'Filen er tom. Velg salgsoppgaven som PDF-fil.';
export const NO_PROSPECTUS = 'Budrunden har ingen salgsoppgave';
// Private storage: /objects/ serves property-images only, so this folder is reached through the API alone.
const PROSPECTUS_FOLDER = 'prospectuses';

type ProspectusDeps = Pick<AppDeps, 'db' | 'storage'>;

/**
 * Who may upload, asked before the body is read (the route's onRequest): a visitor has been refused
 * already; an unknown round is 404, someone else's 403, one that has ended 409. The upload checks all of it
 * again under the round's lock.
 */
export async function checkProspectusUploader(deps: ProspectusDeps, userId: string, roundId: string) {
  const round = await findRoundProspectus(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId !== userId) {
    // An administrator may too; only then is the account read.
    const viewer = await findAccount(deps.db, userId);
    if (!viewer) throw new Unauthorized();
    assertCanManage(round, viewer);
  }
  if (round.isClosed || round.pastDeadline) throw new Conflict(ALREADY_CLOSED);
}

/**
 * A whole PDF ends with '%%EOF' in its last KB, as readers look for it (some write a little after it):
 * file-type goes by the first bytes only, so a text file beginning '%PDF' or an upload cut short would pass.
 */
function endsAsPdf(bytes: Buffer): boolean {
  return bytes.subarray(-1024).includes('%%EOF');
}

/** Refuses what is not a PDF by its own bytes, whatever its name or Content-Type claims. */
async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw new ValidationError(PROSPECTUS_EMPTY);
  if (bytes.length > MAX_PROSPECTUS_BYTES) throw new AppError(413, PROSPECTUS_TOO_LARGE);
  if ((await fileTypeFromBuffer(bytes))?.mime !== 'application/pdf' || !endsAsPdf(bytes))
    throw new ValidationError(PROSPECTUS_NOT_PDF);
}

/**
 * Runs a change to the salgsoppgave under the round's lock: owner or admin, open round, by database time.
 * `change` gets the stored file's key and returns the change to record; a replaced or removed file is
 * deleted by the storage job once the transaction commits (never before: a failed change keeps it).
 */
async function changeProspectus(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  change: (
    tx: DbOrTx,
    round: LockedRound,
    oldKey: string | null,
    now: Date,
  ) => Promise<'added' | 'replaced' | 'removed'>,
): Promise<BidRoundView> {
  await deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const oldKey = await findProspectusKey(tx, round.propertyId);
    const kind = await change(tx, round, oldKey, now);
    if (oldKey) await enqueueObjectDeletion(tx, [oldKey]);
    await recordRoundChange(tx, deps, round, viewer, [`prospectus-${kind}`], now);
  });
  return getRound(deps.db, viewer, roundId);
}

/** PUT …/prospectus: stores the PDF under a fresh key and points the property at it. */
export async function uploadProspectus(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  body: Buffer | undefined,
): Promise<BidRoundView> {
  const bytes = body ?? Buffer.alloc(0);
  await checkPdf(bytes);
  const key = `${PROSPECTUS_FOLDER}/${randomUUID()}.pdf`;
  // The file first: a row must never point at a file that is not there.
  await deps.storage.put(key, bytes, 'application/pdf');
  try {
    return await changeProspectus(deps, viewer, roundId, async (tx, round, oldKey, now) => {
      await setProspectus(tx, round.propertyId, { key, size: bytes.length, uploadedAt: now });
      return oldKey ? 'replaced' : 'added';
    });
  } catch (error) {
    // Refused under the lock (the round closed meanwhile): nothing of the upload is kept.
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** DELETE …/prospectus: 404 when there is none. */
export function removeProspectus(deps: AppDeps, viewer: Viewer, roundId: string): Promise<BidRoundView> {
  return changeProspectus(deps, viewer, roundId, async (tx, round, oldKey) => {
    if (!oldKey) throw new NotFound(NO_PROSPECTUS);
    await setProspectus(tx, round.propertyId, null);
    return 'removed';
  });
}

/**
 * GET …/prospectus: the PDF for any signed-in user, also after the round has ended (a buyer keeps what the
 * round was sold on), named after the round.
 */
export async function downloadProspectus(deps: ProspectusDeps, roundId: string) {
  const round = await findRoundProspectus(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const file = round.key ? await deps.storage.get(round.key) : null;
  if (!file) throw new NotFound(NO_PROSPECTUS);
  return { bytes: file.bytes, contentType: 'application/pdf', fileName: prospectusFileName(round.title) };
}

/** With a deleted round's property: its file goes once the deleting transaction commits. */
export async function forgetProspectusOf(tx: DbOrTx, propertyId: string): Promise<void> {
  const key = await findProspectusKey(tx, propertyId);
  if (key) await enqueueObjectDeletion(tx, [key]);
}

import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, Forbidden, NotFound, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { enqueueObjectDeletion } from '../../storage/storage-jobs';
import { detectProofType, isProofContentType, PROOF_TYPES } from './file-type';
import {
  deleteProofsOfRound,
  deleteProofsOfUser,
  deleteUnattachedProofs,
  findProofOfBid,
  insertProof,
} from './financing-proofs.repository';

export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
export const PROOF_FOLDER = 'financing-proofs';
export const WRONG_TYPE_MESSAGE = 'Finansieringsbeviset må være en PDF-, JPEG- eller PNG-fil';
export const PROOF_TOO_LARGE_MESSAGE = 'Finansieringsbeviset er større enn 10 MB';
/** An upload never attached to a bid is removed after this long. */
export const UNATTACHED_PROOF_HOURS = 24;

/**
 * Stores a financing proof for a later bid. The declared type must be one we accept, and the bytes must be
 * one of them too: the type is decided by the file's signature, never by its name or header.
 */
export async function uploadProof(
  deps: Pick<AppDeps, 'db' | 'storage' | 'limiter'>,
  viewer: Viewer,
  contentType: string | undefined,
  body: Buffer | undefined,
): Promise<{ id: string }> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  const declared = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const bytes = body ?? Buffer.alloc(0);
  if (bytes.length > MAX_PROOF_BYTES) throw new AppError(413, PROOF_TOO_LARGE_MESSAGE);
  const type = detectProofType(bytes);
  // A browser sends no type (or a generic one) for a file whose name it does not know: the bytes decide.
  const declaredOk =
    declared === '' || declared === 'application/octet-stream' || isProofContentType(declared);
  if (!declaredOk || !type) throw new ValidationError(WRONG_TYPE_MESSAGE);
  // Each upload may store up to 10 MB; a bound per user keeps one account from filling the disk.
  await deps.limiter.enforce(
    `financing-proof:${viewer.id}`,
    30,
    60 * 60_000,
    'For mange opplastinger. Prøv igjen senere.',
  );
  const storageKey = `${PROOF_FOLDER}/${randomUUID()}.${PROOF_TYPES[type].extension}`;
  // The file first: a row must never point at a file that is not there.
  await deps.storage.put(storageKey, bytes, type);
  const id = await insertProof(deps.db, {
    userId: viewer.id,
    storageKey,
    contentType: type,
    byteSize: bytes.length,
  });
  return { id };
}

/** Why a new bid may not carry this proof (only the bidder's own, unused proof), or null. */
export function proofRefusal(proof: { userId: string; bidId: string | null } | null, viewer: Viewer) {
  const error = (message: string) => new ValidationError(message, [{ path: 'financingProofId', message }]);
  if (!proof) return error('Fant ikke finansieringsbeviset. Last det opp på nytt.');
  if (proof.userId !== viewer.id) return new Forbidden('Du kan bare legge ved ditt eget finansieringsbevis');
  if (proof.bidId)
    return error('Finansieringsbeviset er allerede lagt ved et annet bud. Last det opp på nytt.');
  return null;
}

export const PROOF_NOT_YOURS = 'Bare budgiveren, selgeren og administratorer kan se finansieringsbeviset';

/**
 * The file, for the bidder who attached it (their receipt says it is there, so they may check what they
 * sent), the round's owner and admins. Other bidders only ever learn that a bid has one.
 */
export async function downloadProof(deps: Pick<AppDeps, 'db' | 'storage'>, viewer: Viewer, bidId: string) {
  const proof = await findProofOfBid(deps.db, bidId);
  if (!proof) throw new NotFound('Budet ble ikke funnet');
  if (proof.bidderId !== viewer.id && proof.ownerId !== viewer.id && !viewer.isAdmin)
    throw new Forbidden(PROOF_NOT_YOURS);
  const file = proof.storageKey ? await deps.storage.get(proof.storageKey) : null;
  if (!file || !proof.contentType) throw new NotFound('Budet har ikke noe finansieringsbevis');
  const extension = isProofContentType(proof.contentType) ? PROOF_TYPES[proof.contentType].extension : 'pdf';
  return { bytes: file.bytes, contentType: proof.contentType, fileName: `finansieringsbevis.${extension}` };
}

/** With a user's personal data: their proofs' rows now, their files once the transaction commits. */
export async function forgetProofsOfUser(tx: DbOrTx, userId: string): Promise<void> {
  await enqueueObjectDeletion(tx, await deleteProofsOfUser(tx, userId));
}

/** With a deleted round: the proofs of its bids. */
export async function forgetProofsOfRound(tx: DbOrTx, roundId: string): Promise<void> {
  await enqueueObjectDeletion(tx, await deleteProofsOfRound(tx, roundId));
}

/** Periodic: proofs uploaded for a bid that was never placed. */
export async function forgetUnattachedProofs(db: AppDeps['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await enqueueObjectDeletion(tx, await deleteUnattachedProofs(tx, UNATTACHED_PROOF_HOURS));
  });
}

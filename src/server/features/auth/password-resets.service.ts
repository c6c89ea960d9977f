import type { DbOrTx } from '../../db/client';
import { endSessionsOf } from '../accounts/sessions.service';
import { forgetPasskeysOf } from '../passkeys/passkey-records';
import { forgetSignatureChallengesOf } from '../signatures/signature-records';
import {
  completeResetRequests,
  deleteResetRequest,
  deleteResetRequestsOf,
  findPendingResets,
  findResetRequestUserId,
  lockResetRequest,
  markResetApproved,
} from './password-resets.repository';

// The requests for a new password are the auth feature's; an administrator works through the open ones, and
// setting a password or deleting an account settles them. These, and what a reset ends (endEveryWayInOf),
// are what the admin and accounts features use, in their own transactions, so that the repositories stay
// this feature's own (decision 031).

/** The open requests of live accounts, oldest first, with who asked: the administrators' queue. */
export function listOpenResetRequests(db: DbOrTx) {
  return findPendingResets(db);
}

/** Whose request it is, or null for an unknown id. A request's user never changes. */
export function findResetRequester(db: DbOrTx, requestId: string): Promise<string | null> {
  return findResetRequestUserId(db, requestId);
}

/** The request under its row lock, or null; take the user's lock first (see admin-resets.service). */
export function lockResetRequestById(tx: DbOrTx, requestId: string) {
  return lockResetRequest(tx, requestId);
}

/** Marks the request approved and completed by this administrator. */
export function approveResetRequest(tx: DbOrTx, requestId: string, adminId: string): Promise<void> {
  return markResetApproved(tx, requestId, adminId);
}

/** Removes one request from the queue (rejected). */
export function removeResetRequest(tx: DbOrTx, requestId: string): Promise<void> {
  return deleteResetRequest(tx, requestId);
}

/**
 * What every password reset does besides setting the password, by the mailed link or by an administrator, in
 * its transaction (decision 052): every session ends and every passkey goes, with the open challenges of
 * both. A reset is how an owner takes the account back, and whoever had it meanwhile may have added a
 * passkey of their own: it must not outlive the recovery any more than a session.
 */
export async function endEveryWayInOf(tx: DbOrTx, userId: string): Promise<void> {
  await endSessionsOf(tx, userId);
  await forgetPasskeysOf(tx, userId);
  await forgetSignatureChallengesOf(tx, userId);
}

/** A new password is set: the user's open requests are done. */
export function completeResetRequestsOf(tx: DbOrTx, userId: string): Promise<void> {
  return completeResetRequests(tx, userId);
}

/** The account is deleted: its requests go with its personal data. */
export function forgetResetRequestsOf(tx: DbOrTx, userId: string): Promise<void> {
  return deleteResetRequestsOf(tx, userId);
}

import type { AdminSetPasswordInput, PendingResetView } from '../../../shared/schemas/admin';
import type { Db, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { hashPassword } from '../../security/passwords';
import { lockAccount, revokeResetLink } from '../accounts/accounts.service';
import { recordAdminAction } from '../admin-actions/admin-actions.service';
import {
  approveResetRequest,
  findResetRequester,
  listOpenResetRequests,
  lockResetRequestById,
  removeResetRequest,
} from '../auth/password-resets.service';
import { assertPasswordSettableBy, setPasswordOf } from './admin-users.service';

export const RESET_NOT_FOUND = 'Fant ikke forespørselen om nytt passord';
export const RESET_ALREADY_HANDLED = 'Forespørselen om nytt passord er allerede behandlet';
export const RESET_USER_UNVERIFIED =
  'Brukeren har ikke bekreftet e-postadressen. Godkjenn brukeren under «Uverifisert e-post» først.';

export async function listPendingResets(db: Db): Promise<PendingResetView[]> {
  return (await listOpenResetRequests(db)).map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
}

/**
 * Locks an open request and its user, user first: every other change to an account (a password, a
 * deletion) takes the user's lock before it touches the requests, so the same order here cannot deadlock.
 * The request's user never changes, so reading it before the locks is safe.
 */
async function lockOpenRequest(tx: Tx, requestId: string): Promise<Viewer> {
  const userId = await findResetRequester(tx, requestId);
  const user = userId ? await lockAccount(tx, userId) : null;
  const request = user ? await lockResetRequestById(tx, requestId) : null;
  if (!user || !request) throw new NotFound(RESET_NOT_FOUND);
  if (request.isCompleted) throw new Conflict(RESET_ALREADY_HANDLED);
  return user;
}

/**
 * Sets the password the administrator chose, marks the request approved and completed by this admin, makes
 * the e-mailed link useless, ends the user's sessions, removes their passkeys (decision 052) and tells them
 * by e-mail, without the password.
 */
export async function approveReset(
  deps: AppDeps,
  admin: Viewer,
  requestId: string,
  input: AdminSetPasswordInput,
): Promise<void> {
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const user = await lockOpenRequest(tx, requestId);
    // An administrator who forgot theirs uses the mailed link: no other admin sets it for them.
    assertPasswordSettableBy(admin, user);
    // A new password would not let them in: login waits for a verified address (PRODUCT.md "Accounts").
    if (!user.emailVerified) throw new Conflict(RESET_USER_UNVERIFIED);
    await approveResetRequest(tx, requestId, admin.id);
    await setPasswordOf(tx, deps, user, hash);
    await recordAdminAction(
      tx,
      admin,
      'approve-password-reset',
      { type: 'user', id: user.id },
      'Godkjente forespørsel om nytt passord og satte nytt passord; brukeren er logget ut overalt, og passnøklene er fjernet',
    );
  });
}

/**
 * Removes the request from the queue and revokes the reset link already mailed for it: an administrator
 * rejects a request because it looks suspicious (a mailbox may be in the wrong hands), and a link that kept
 * working would make the rejection stop nothing. The password is unchanged; the user can ask again.
 */
export async function rejectReset(deps: AppDeps, admin: Viewer, requestId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await lockOpenRequest(tx, requestId);
    await removeResetRequest(tx, requestId);
    await revokeResetLink(tx, user.id);
    await recordAdminAction(
      tx,
      admin,
      'reject-password-reset',
      { type: 'user', id: user.id },
      'Avviste forespørsel om nytt passord; lenken på e-post er ugyldig',
    );
  });
}

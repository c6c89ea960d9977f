import type { z } from 'zod';
import { formatLongDate } from '../../../shared/format/date';
import type { ChangePasswordInput, updateProfileSchema } from '../../../shared/schemas/auth';
import type { CurrentUser } from '../../../shared/schemas/user';
import { bindingUntil } from '../../db/binding-bids';
import type { Tx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../errors';
import { runAccountDeletionSteps } from '../../hooks/account-deletion';
import { deleteOutboxMailTo } from '../../jobs/outbox-retention';
import { deleteJobsAddressedTo } from '../../jobs/queue';
import { accountDeletedMail, passwordChangedMail } from '../../mail/account-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { Viewer } from './accounts.repository';
import {
  deleteUserFollows,
  findPasswordHash,
  findViewerById,
  lockViewerById,
  updateUser,
} from './accounts.repository';
import { assertNameKept, toCurrentUser } from './accounts.service';
import { endSessionsOf } from './sessions.service';

export const WRONG_CURRENT_PASSWORD = 'Nåværende passord er feil';
export const ADMIN_NOT_DELETABLE = 'Administratorkontoer kan ikke slettes';
export const DELETED_NAME = { firstName: 'Slettet', lastName: 'bruker' } as const;
// Argon2 never produces this, so no password can ever match a scrubbed account.
const UNUSABLE_PASSWORD = '!deleted';

export async function updateProfile(
  deps: AppDeps,
  userId: string,
  input: z.output<typeof updateProfileSchema>,
): Promise<CurrentUser> {
  const before = await findViewerById(deps.db, userId);
  if (!before) throw new NotFound('Fant ikke brukeren');
  assertNameKept(before, input, deps.env.IDENTITY_PROVIDER_NAME);
  await updateUser(deps.db, userId, input);
  const viewer = await findViewerById(deps.db, userId);
  if (!viewer) throw new NotFound('Fant ikke brukeren');
  return toCurrentUser(viewer);
}

/** Checks the current password, sets the new one, and ends the user's other sessions. */
export async function changePassword(
  deps: AppDeps,
  viewer: Viewer,
  input: ChangePasswordInput,
  currentSid: string,
): Promise<void> {
  // A stolen session must not be a way to guess the password at full speed.
  await deps.limiter.enforce(`change-password:${viewer.id}`, 10, 15 * 60_000);
  const stored = await findPasswordHash(deps.db, viewer.id);
  if (!stored || !(await verifyPassword(stored, input.currentPassword))) {
    throw new ValidationError(WRONG_CURRENT_PASSWORD, [
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
    ]);
  }
  const password = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, viewer.id, { password, passwordResetToken: null });
    await endSessionsOf(tx, viewer.id, currentSid);
    await enqueueMail(tx, passwordChangedMail(viewer, deps.env.APP_URL));
  });
}

/**
 * Deletes an account as PRODUCT.md describes: own open rounds closed with journals, personal data scrubbed
 * from the row and from every journal, sessions, follows, reset requests and queued or stored messages gone,
 * bids kept (they stay anonymous). The row stays so that bids and journals keep pointing at 'Slettet bruker'.
 */
export async function deleteAccount(deps: AppDeps, viewer: Viewer): Promise<void> {
  if (viewer.isAdmin) throw new Forbidden(ADMIN_NOT_DELETABLE);
  await deps.db.transaction(async (tx) => {
    // The account's lock first, as every other change to an account takes it: an administrator deleting the
    // same account at the same moment waits, and then finds it gone.
    const user = await lockViewerById(tx, viewer.id);
    if (!user) throw new NotFound('Fant ikke brukeren');
    // A binding bid is a promise to the seller (decision 009): the account stays until it
    // lapses. Under the account's lock, a bid being placed now either commits first and is seen here, or
    // waits and then finds the account gone.
    const bindsUntil = await bindingUntil(tx, user.id, await databaseNow(tx));
    if (bindsUntil) {
      // Written as the receipt wrote the acceptance deadline (formatLongDate, seconds dropped): the bidder
      // compares the two, and a refusal naming 18:13 for a receipt's 18:12 reads as a different promise.
      throw new Conflict(
        `Du har bindende bud som gjelder til ${formatLongDate(bindsUntil)}. Du kan slette kontoen etter dette.`,
      );
    }
    await scrubAccount(tx, deps, user);
  });
}

/**
 * The deletion itself, in the caller's transaction: the user's own or an administrator's. What the other
 * features hold of the person goes in their own steps, which app.ts registers in order (decision 056):
 * while the account still exists, their own open rounds close (with journals, while the seller still
 * exists), counter-offers to them are withdrawn, the rounds their bid leads are noted, the journals and
 * financing proofs forget them; once the row is scrubbed, viewing sign-ups, reset requests, passkeys, the
 * names in signed statements and the rounds' chains. Sessions end after those, and last the rounds their bid
 * led get the new figure.
 */
export async function scrubAccount(
  tx: Tx,
  deps: AppDeps,
  user: Pick<Viewer, 'id' | 'email' | 'firstName' | 'phone'>,
): Promise<void> {
  const atTheEnd = await runAccountDeletionSteps('whileItExists', tx, user.id, deps);
  // Queued and delivered messages to the person go (decision 014), including those the closing of their
  // rounds just queued. Only then is the confirmation queued, so it is the one thing that still goes out;
  // retention removes its copy later.
  await deleteJobsAddressedTo(tx, { userId: user.id, email: user.email, phone: user.phone });
  await deleteOutboxMailTo(tx, user.email);
  await enqueueMail(tx, accountDeletedMail(user.email, user.firstName));
  await updateUser(tx, user.id, {
    ...DELETED_NAME,
    email: `slettet-${user.id}@slettet.invalid`,
    password: UNUSABLE_PASSWORD,
    phone: null,
    address: null,
    bankName: null,
    bankContactName: null,
    bankContactPhone: null,
    emailVerificationToken: null,
    passwordResetToken: null,
    // The person may verify a new account (decision 064); nothing of their identity stays.
    personHash: null,
    birthDate: null,
    identityProvider: null,
    identityVerifiedAt: null,
    phoneVerifiedNumber: null,
    deletedAt: new Date(deps.clock.now()),
  });
  await deleteUserFollows(tx, user.id);
  atTheEnd.push(...(await runAccountDeletionSteps('onceScrubbed', tx, user.id, deps)));
  await endSessionsOf(tx, user.id);
  for (const followUp of atTheEnd) await followUp();
}

import type { z } from 'zod';
import type {
  AdminActionView,
  AdminSetPasswordInput,
  AdminUserBidView,
  AdminUserView,
  adminUpdateUserSchema,
  UnverifiedUserView,
} from '../../../shared/schemas/admin';
import type { Db, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { deletePendingMailTo } from '../../jobs/queue';
import {
  accountApprovedMail,
  emailChangedByAdminMail,
  passwordSetByAdminMail,
} from '../../mail/account-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { hashPassword } from '../../security/passwords';
import {
  approveAccount,
  assertNameKept,
  EMAIL_TAKEN_MESSAGE,
  editAccountDetails,
  findAccountIdByEmail,
  isUniqueViolation,
  lockAccount,
  releaseVerifiedIdentity,
  setAccountPassword,
  toCurrentUser,
} from '../accounts/accounts.service';
import { ADMIN_NOT_DELETABLE, scrubAccount } from '../accounts/profile.service';
import { listActionsOnUser, recordAdminAction } from '../admin-actions/admin-actions.service';
import { completeResetRequestsOf, endEveryWayInOf } from '../auth/password-resets.service';
import { listBidsOfUserForAdmin } from '../bids/bids.service';
import {
  countBidsOf,
  deleteUserRow,
  findUnverifiedUsers,
  findUsersWithActivity,
  userExists,
} from './admin-users.repository';

export const USER_NOT_FOUND = 'Fant ikke brukeren';
export const ALREADY_VERIFIED = 'Brukeren er allerede verifisert';
export const ADMIN_PASSWORD_NOT_SETTABLE = 'Du kan ikke sette passordet til en annen administrator';
export const OWN_PASSWORD_NOT_HERE =
  'Ditt eget passord endrer du under «Endre passord» på profilen din, med det nåværende passordet.';
export const ONLY_UNVERIFIED_CAN_BE_REJECTED =
  'Bare brukere som ikke har bekreftet e-postadressen, kan avvises. Slett brukeren i stedet.';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listUnverifiedUsers(db: Db): Promise<UnverifiedUserView[]> {
  return (await findUnverifiedUsers(db)).map((u) => ({
    ...u,
    createdAt: u.createdAt.toISOString(),
    emailVerificationSentAt: iso(u.emailVerificationSentAt),
  }));
}

export async function listAllUsers(db: Db, onlyId?: string): Promise<AdminUserView[]> {
  return (await findUsersWithActivity(db, onlyId)).map((u) => ({
    ...toCurrentUser(u),
    updatedAt: u.updatedAt.toISOString(),
    bidCount: u.bidCount,
    lastBidAt: iso(u.lastBidAt),
  }));
}

async function assertUserExists(db: Db, userId: string): Promise<void> {
  if (!(await userExists(db, userId))) throw new NotFound(USER_NOT_FOUND);
}

/** A user's bids for the panel; a deleted user's bids are still there (anonymised), so only unknown ids are 404. */
export async function listBidsOfUser(deps: AppDeps, userId: string): Promise<AdminUserBidView[]> {
  await assertUserExists(deps.db, userId);
  return listBidsOfUserForAdmin(deps, userId);
}

export async function listActionsOnUserOr404(db: Db, userId: string): Promise<AdminActionView[]> {
  await assertUserExists(db, userId);
  return listActionsOnUser(db, userId);
}

/** Locks a live account for an administrator's change; a deleted or unknown one is 404. */
export async function lockUserOr404(tx: Tx, userId: string): Promise<Viewer> {
  const user = await lockAccount(tx, userId);
  if (!user) throw new NotFound(USER_NOT_FOUND);
  return user;
}

const userTarget = (id: string) => ({ type: 'user', id }) as const;

/** Verifies the address on the user's behalf: they can log in, and any verification link stops working. */
export async function approveUser(deps: AppDeps, admin: Viewer, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUserOr404(tx, userId);
    if (user.emailVerified) throw new Conflict(ALREADY_VERIFIED);
    await approveAccount(tx, user.id);
    await enqueueMail(tx, accountApprovedMail(user, deps.env.APP_URL));
    await recordAdminAction(
      tx,
      admin,
      'approve-user',
      userTarget(user.id),
      'Godkjente brukeren og bekreftet e-postadressen',
    );
  });
}

export const IDENTITY_NOT_VERIFIED_HERE = 'Brukeren har ikke bekreftet identiteten sin';

/**
 * Releases a verified identity, for example after the person lost the account (decision 064): the person
 * may verify another account, and this one's name may be changed again. Its signed acts keep the words
 * they were signed with.
 */
export async function releaseIdentity(deps: AppDeps, admin: Viewer, userId: string): Promise<AdminUserView> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUserOr404(tx, userId);
    if (!user.identityVerifiedAt) throw new Conflict(IDENTITY_NOT_VERIFIED_HERE);
    await releaseVerifiedIdentity(tx, user.id);
    await recordAdminAction(
      tx,
      admin,
      'release-identity',
      userTarget(user.id),
      `Frigjorde identiteten bekreftet med ${user.identityProvider ?? deps.env.IDENTITY_PROVIDER_NAME}`,
    );
  });
  const [updated] = await listAllUsers(deps.db, userId);
  if (!updated) throw new NotFound(USER_NOT_FOUND);
  return updated;
}

/**
 * Removes a registration that was never verified, so the address can register again. Such an account cannot
 * have logged in, so it has no bids; the check is there for accounts made some other way.
 */
export async function rejectUser(deps: AppDeps, admin: Viewer, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUserOr404(tx, userId);
    if (user.emailVerified || user.isAdmin) throw new Conflict(ONLY_UNVERIFIED_CAN_BE_REJECTED);
    if ((await countBidsOf(tx, user.id)) > 0) throw new Conflict(ONLY_UNVERIFIED_CAN_BE_REJECTED);
    await deletePendingMailTo(tx, user.email);
    await deleteUserRow(tx, user.id);
    await recordAdminAction(
      tx,
      admin,
      'reject-user',
      userTarget(user.id),
      'Avviste registreringen; kontoen er fjernet',
    );
  });
}

/** The same deletion as the user's own (PRODUCT.md "Accounts"); administrators' accounts cannot be deleted. */
export async function deleteUserAsAdmin(deps: AppDeps, admin: Viewer, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUserOr404(tx, userId);
    if (user.isAdmin) throw new Forbidden(ADMIN_NOT_DELETABLE);
    await scrubAccount(tx, deps, user);
    await recordAdminAction(
      tx,
      admin,
      'delete-user',
      userTarget(user.id),
      'Slettet brukeren: personopplysninger fjernet, bud beholdt anonymt',
    );
  });
}

const FIELD_LABELS = {
  firstName: 'fornavn',
  lastName: 'etternavn',
  email: 'e-post',
  phone: 'telefon',
  address: 'adresse',
  bankName: 'bank',
  bankContactName: 'bankkontakt',
  bankContactPhone: 'bankkontaktens telefon',
} as const;

/** Which fields an edit changes, by name only: the summary of an audit row never holds the values. */
function changedFields(
  before: Viewer,
  input: z.output<typeof adminUpdateUserSchema>,
): (keyof typeof FIELD_LABELS)[] {
  return (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
    (key) => input[key] !== undefined && input[key] !== before[key],
  );
}

/**
 * Edits a user with the profile's rules. The e-mail stays unique, compared case-insensitively; when it
 * changes, links sent to the old address stop working and the old address is told.
 */
export async function updateUserAsAdmin(
  deps: AppDeps,
  admin: Viewer,
  userId: string,
  input: z.output<typeof adminUpdateUserSchema>,
): Promise<AdminUserView> {
  try {
    await deps.db.transaction(async (tx) => {
      const user = await lockUserOr404(tx, userId);
      assertNameKept(user, input, deps.env.IDENTITY_PROVIDER_NAME);
      const changed = changedFields(user, input);
      const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanged && (await findAccountIdByEmail(tx, input.email)))
        throw new Conflict(EMAIL_TAKEN_MESSAGE);
      await editAccountDetails(tx, user.id, input, { emailChanged });
      if (emailChanged)
        await enqueueMail(tx, emailChangedByAdminMail(user.email, user.firstName, input.email));
      const summary = changed.length
        ? `Endret ${changed.map((key) => FIELD_LABELS[key]).join(', ')}`
        : 'Lagret uten endringer';
      await recordAdminAction(tx, admin, 'update-user', userTarget(user.id), summary);
    });
  } catch (error) {
    // Two edits (or a registration) racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  const [updated] = await listAllUsers(deps.db, userId);
  if (!updated) throw new NotFound(USER_NOT_FOUND);
  return updated;
}

/**
 * No administrator sets an administrator's password, as none can delete one: a stolen admin session must
 * not be able to take over the other admin accounts, nor its own without the current password. An admin
 * changes their own under 'Endre passord', which asks for the current one.
 */
export function assertPasswordSettableBy(admin: Viewer, user: Viewer): void {
  if (user.id === admin.id) throw new Forbidden(OWN_PASSWORD_NOT_HERE);
  if (user.isAdmin) throw new Forbidden(ADMIN_PASSWORD_NOT_SETTABLE);
}

/**
 * Sets a new password in the caller's transaction: stored as a hash, the e-mailed reset link made useless,
 * open reset requests completed, every session and every passkey of the user gone (decision 052), and the
 * user told by e-mail, without the password.
 */
export async function setPasswordOf(
  tx: Tx,
  deps: AppDeps,
  user: Viewer,
  passwordHash: string,
): Promise<void> {
  await setAccountPassword(tx, user.id, passwordHash);
  await completeResetRequestsOf(tx, user.id);
  await endEveryWayInOf(tx, user.id);
  await enqueueMail(tx, passwordSetByAdminMail(user, deps.env.APP_URL));
}

export async function changePasswordAsAdmin(
  deps: AppDeps,
  admin: Viewer,
  userId: string,
  input: AdminSetPasswordInput,
): Promise<void> {
  // argon2 takes a while: hash before the row lock is taken, not while holding it.
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const user = await lockUserOr404(tx, userId);
    assertPasswordSettableBy(admin, user);
    await setPasswordOf(tx, deps, user, hash);
    await recordAdminAction(
      tx,
      admin,
      'change-password',
      userTarget(user.id),
      'Satte nytt passord; brukeren er logget ut overalt, og passnøklene er fjernet',
    );
  });
}

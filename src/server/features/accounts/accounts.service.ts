import { sql } from 'drizzle-orm';
import { birthYearOf, nameLocked, samePhone } from '../../../shared/rules/identity';
import type { CurrentUser } from '../../../shared/schemas/user';
import type { DbOrTx } from '../../db/client';
import { Conflict, ValidationError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import {
  findLoginByEmail,
  findUserByTokenHash,
  findUserIdByEmail,
  findUserIdByPersonHash,
  findViewerById,
  insertUser,
  type LoginRow,
  lockViewerById,
  makeAdminVerified,
  type NewUserRow,
  updateUser,
  type Viewer,
} from './accounts.repository';
import { endSessionsOf } from './sessions.service';

export const EMAIL_TAKEN_MESSAGE = 'E-postadressen er allerede registrert';

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  address?: string | null;
  bankName?: string | null;
  bankContactName?: string | null;
  bankContactPhone?: string | null;
}

/** Creates an account. Registration, the admin bootstrap and the demo data all come through here. */
export async function createUser(
  db: DbOrTx,
  input: NewUser,
  flags: { emailVerified?: boolean; isAdmin?: boolean } = {},
): Promise<string> {
  const email = input.email.trim();
  if (await findUserIdByEmail(db, email)) throw new Conflict(EMAIL_TAKEN_MESSAGE);
  const password = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      ...input,
      email,
      password,
      emailVerified: flags.emailVerified ?? false,
      isAdmin: flags.isAdmin ?? false,
    });
  } catch (error) {
    // Two registrations of one address at once: the unique index decides, and the loser gets the same answer.
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** Makes sure the configured administrator exists and is verified (ADMIN_EMAIL / ADMIN_PASSWORD). */
export async function ensureAdmin(db: DbOrTx, email: string, password: string): Promise<void> {
  // Already in place (a restart, or another process that started at the same time): nothing to do, and the
  // admin stays logged in.
  const login = await findLoginByEmail(db, email);
  if (
    login?.emailVerified &&
    (await findViewerById(db, login.id))?.isAdmin &&
    (await verifyPassword(login.password, password))
  )
    return;
  const existing = await findUserIdByEmail(db, email);
  if (existing) {
    // The configured password wins: whoever registered the address earlier must not inherit admin rights
    // with a password of their own choosing. Their sessions end with it.
    await makeAdminVerified(db, existing, await hashPassword(password));
    await endSessionsOf(db, existing);
    return;
  }
  await createUser(
    db,
    { email, password, firstName: 'Administrator', lastName: 'Budrunde' },
    {
      emailVerified: true,
      isAdmin: true,
    },
  );
}

export function toCurrentUser(viewer: Viewer): CurrentUser {
  return {
    id: viewer.id,
    email: viewer.email,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    phone: viewer.phone,
    address: viewer.address,
    bankName: viewer.bankName,
    bankContactName: viewer.bankContactName,
    bankContactPhone: viewer.bankContactPhone,
    isAdmin: viewer.isAdmin,
    isApproved: viewer.isApproved,
    emailVerified: viewer.emailVerified,
    buyerCapacity: viewer.buyerCapacity,
    createdAt: viewer.createdAt.toISOString(),
    identity: viewer.identityVerifiedAt
      ? {
          verified: true,
          name: `${viewer.firstName} ${viewer.lastName}`.trim(),
          birthYear: birthYearOf(viewer.birthDate),
          provider: viewer.identityProvider ?? '',
          verifiedAt: viewer.identityVerifiedAt.toISOString(),
        }
      : null,
    phoneVerified: samePhone(viewer.phone, viewer.phoneVerifiedNumber),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

// What other features read and change of an account, in their own transactions: logins and links (auth), an
// administrator's changes (admin), the messages a round or a bid sends. The accounts repository stays this
// feature's own (decision 031), and each change is named for what it does to the account.

/** A live account as a request sees it; null when unknown or deleted. */
export function findAccount(db: DbOrTx, id: string): Promise<Viewer | null> {
  return findViewerById(db, id);
}

/** A live account with its row lock (see lockViewerById), for a change that must see what it decides on. */
export function lockAccount(db: DbOrTx, id: string): Promise<Viewer | null> {
  return lockViewerById(db, id);
}

/** The id of the account with this address, compared case-insensitively, deleted or not. */
export function findAccountIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  return findUserIdByEmail(db, email);
}

/** What a login checks of the live account with this address: its password hash and its state. */
export function findLogin(db: DbOrTx, email: string): Promise<LoginRow | null> {
  return findLoginByEmail(db, email);
}

/** The live account a verification or reset link was issued for, locked, with when the link was sent. */
export function findAccountByLinkToken(db: DbOrTx, kind: 'verification' | 'reset', tokenHash: string) {
  return findUserByTokenHash(db, kind, tokenHash);
}

/** Stores a new link's token hash and when it was sent: the previous link of that kind stops working. */
export function storeLinkToken(
  db: DbOrTx,
  id: string,
  kind: 'verify' | 'reset',
  tokenHash: string,
  sentAt: Date,
): Promise<void> {
  return updateUser(
    db,
    id,
    kind === 'verify'
      ? { emailVerificationToken: tokenHash, emailVerificationSentAt: sentAt }
      : { passwordResetToken: tokenHash, passwordResetSentAt: sentAt },
  );
}

/** The address is verified (by its link): the verification link is spent. */
export function markEmailVerified(db: DbOrTx, id: string): Promise<void> {
  return updateUser(db, id, { emailVerified: true, emailVerificationToken: null });
}

/** An administrator approves the account: verified and approved, the verification link spent. */
export function approveAccount(db: DbOrTx, id: string): Promise<void> {
  return updateUser(db, id, { emailVerified: true, isApproved: true, emailVerificationToken: null });
}

/**
 * A new password, stored as the hash given; the mailed reset link is spent. `verifiesEmail` for a reset by
 * link, which proves the user reads the mailbox.
 */
export function setAccountPassword(
  db: DbOrTx,
  id: string,
  passwordHash: string,
  { verifiesEmail = false } = {},
): Promise<void> {
  return updateUser(
    db,
    id,
    verifiesEmail
      ? { password: passwordHash, passwordResetToken: null, emailVerified: true }
      : { password: passwordHash, passwordResetToken: null },
  );
}

/** The mailed reset link stops working; the password stays as it is. */
export function revokeResetLink(db: DbOrTx, id: string): Promise<void> {
  return updateUser(db, id, { passwordResetToken: null });
}

export type AccountDetails = Pick<
  NewUserRow,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'bankName'
  | 'bankContactName'
  | 'bankContactPhone'
>;

/**
 * An administrator's edit of the name, address, contact and bank fields. A new e-mail address spends the
 * links sent to the old one.
 */
export function editAccountDetails(
  db: DbOrTx,
  id: string,
  details: AccountDetails,
  { emailChanged }: { emailChanged: boolean },
): Promise<void> {
  return updateUser(db, id, {
    ...details,
    ...(emailChanged ? { emailVerificationToken: null, passwordResetToken: null } : {}),
  });
}

// A verified identity (decision 064) lives on the account's row: the names, the birth date, the provider and
// a keyed hash of the person, never the person claim itself.

export interface VerifiedIdentity {
  personHash: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  provider: string;
}

/** The live or deleted account this person has verified, if any. */
export function findAccountIdByPersonHash(db: DbOrTx, personHash: string): Promise<string | null> {
  return findUserIdByPersonHash(db, personHash);
}

/** The account is this person's: their verified names become its name. */
export function recordVerifiedIdentity(db: DbOrTx, id: string, identity: VerifiedIdentity): Promise<void> {
  return updateUser(db, id, {
    personHash: identity.personHash,
    firstName: identity.firstName,
    lastName: identity.lastName,
    birthDate: identity.birthDate,
    identityProvider: identity.provider,
    identityVerifiedAt: sql`now()` as unknown as Date,
  });
}

/** An administrator releases the verification: the person may verify another account, the name is free. */
export function releaseVerifiedIdentity(db: DbOrTx, id: string): Promise<void> {
  return updateUser(db, id, {
    personHash: null,
    birthDate: null,
    identityProvider: null,
    identityVerifiedAt: null,
  });
}

/** The number just confirmed with an SMS code. */
export function markPhoneVerified(db: DbOrTx, id: string, phone: string): Promise<void> {
  return updateUser(db, id, { phoneVerifiedNumber: phone });
}

/**
 * Once the identity is verified, the name is the verified one (decision 064): neither the user nor an
 * administrator changes it; an administrator may release the verification instead.
 */
export function assertNameKept(
  account: Pick<Viewer, 'firstName' | 'lastName' | 'identityVerifiedAt'>,
  input: { firstName: string; lastName: string },
  providerName: string,
): void {
  if (!account.identityVerifiedAt) return;
  const changed = (['firstName', 'lastName'] as const).filter((key) => input[key].trim() !== account[key]);
  if (changed.length === 0) return;
  const message = nameLocked(providerName);
  throw new ValidationError(
    message,
    changed.map((path) => ({ path, message })),
  );
}

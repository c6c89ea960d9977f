import type { CurrentUser } from '../../../shared/schemas/user';
import type { DbOrTx } from '../../db/client';
import { Conflict } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { deleteUserSessions } from '../auth/sessions.repository';
import {
  findLoginByEmail,
  findUserIdByEmail,
  findViewerById,
  insertUser,
  makeAdminVerified,
  type Viewer,
} from './accounts.repository';

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
    await deleteUserSessions(db, existing);
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
    createdAt: viewer.createdAt.toISOString(),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

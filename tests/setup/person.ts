import type { DbOrTx } from '../../src/server/db/client';
import { createUser, type NewUser } from '../../src/server/features/accounts/accounts.service';

/** The password every test account is made with. */
export const PASSWORD = 'hemmelig1';

/** The fields createUser needs for one person, with the test password; `more` adds a phone, an address… */
export function person(
  email: string,
  firstName: string,
  lastName: string,
  more: Partial<NewUser> = {},
): NewUser {
  return { email, password: PASSWORD, firstName, lastName, ...more };
}

/** A verified account with the test password, made directly (not through registration): returns its id. */
export function createVerifiedUser(
  db: DbOrTx,
  email: string,
  firstName: string,
  lastName: string,
  more: Partial<NewUser> = {},
): Promise<string> {
  return createUser(db, person(email, firstName, lastName, more), { emailVerified: true });
}

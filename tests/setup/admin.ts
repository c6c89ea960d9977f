import { asc, eq } from 'drizzle-orm';
import { adminActions } from '../../src/server/db/admin-action-schema';
import { users } from '../../src/server/db/schema';
import { createUser, type NewUser } from '../../src/server/features/accounts/accounts.service';
import { login, PASSWORD } from './accounts';
import { sessionCookieFrom, type TestApp } from './test-app';

/** A verified administrator, logged in: returns the session cookie and the admin's id. */
export async function signInAdmin(t: TestApp, email = 'admin@example.no') {
  const id = await createUser(
    t.deps.db,
    { email, password: PASSWORD, firstName: 'Anne', lastName: 'Admin' },
    { emailVerified: true, isAdmin: true },
  );
  const res = await login(t, email);
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return { id, cookie: sessionCookieFrom(res.headers['set-cookie']) };
}

/** An account that registered but never verified, made the way registration makes it. */
export function createUnverifiedUser(t: TestApp, email: string, firstName = 'Ulla') {
  return createUser(t.deps.db, {
    email,
    password: PASSWORD,
    firstName,
    lastName: 'Uverifisert',
    phone: '+47 45678901',
  });
}

/** The audit rows about one target, oldest first. */
export function auditRowsFor(t: TestApp, targetId: string) {
  return t.deps.db
    .select()
    .from(adminActions)
    .where(eq(adminActions.targetId, targetId))
    .orderBy(asc(adminActions.createdAt));
}

/** Fails if any text in a response looks like a password hash, a token or a token hash. */
export function secretsIn(body: string): string[] {
  const found: string[] = [];
  if (/\$argon2/.test(body)) found.push('argon2 hash');
  if (/"password"\s*:/i.test(body)) found.push('password field');
  if (/token/i.test(body)) found.push('token field');
  if (/"newPassword"\s*:/i.test(body)) found.push('newPassword field');
  // A SHA-256 hex digest, as tokens are stored.
  if (/\b[0-9a-f]{64}\b/.test(body)) found.push('64-hex digest');
  return found;
}

/**
 * A verified user made directly (registration is limited to 10 an hour per address, and admin tests need
 * many accounts), then logged in through the API: returns the session cookie.
 */
export async function signInVerified(t: TestApp, email: string, fields: Partial<NewUser> = {}) {
  await createUser(
    t.deps.db,
    { email, password: PASSWORD, firstName: 'Kari', lastName: 'Nordmann', phone: '+47 41234567', ...fields },
    { emailVerified: true },
  );
  const res = await login(t, email);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return sessionCookieFrom(res.headers['set-cookie']);
}

/** The stored user row, everything included, for checking what an action changed. */
export async function userRow(t: TestApp, id: string) {
  return (await t.deps.db.select().from(users).where(eq(users.id, id)))[0];
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  return (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
}

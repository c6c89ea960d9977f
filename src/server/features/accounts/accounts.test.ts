import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../../tests/setup/accounts';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';
import { users } from '../../db/schema';
import { Conflict } from '../../errors';
import { verifyPassword } from '../../security/passwords';
import { createUser, EMAIL_TAKEN_MESSAGE, ensureAdmin } from './accounts.service';

let t: TestApp;
beforeAll(async () => {
  // The production cost, which this file checks; other files hash at the test cost (decision 049).
  t = await createTestApp({ env: { PASSWORD_HASH_COST: 'production' } });
});
afterAll(() => t.close());

const person = { password: 'hemmelig1', firstName: 'Kari', lastName: 'Nordmann' };

describe('createUser', () => {
  it('stores an argon2id hash, never the password, with the specification’s defaults', async () => {
    const id = await createUser(t.deps.db, { ...person, email: 'kari@example.no' });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row?.password ?? '', 'hemmelig1')).toBe(true);
    expect(await verifyPassword(row?.password ?? '', 'feil')).toBe(false);
    expect(row).toMatchObject({ isApproved: true, emailVerified: false, isAdmin: false });
  });

  it('treats e-mail addresses case-insensitively: one account per address', async () => {
    await createUser(t.deps.db, { ...person, email: 'ola@example.no' });
    await expect(createUser(t.deps.db, { ...person, email: 'OLA@Example.no' })).rejects.toThrow(Conflict);
    await expect(createUser(t.deps.db, { ...person, email: ' ola@example.no ' })).rejects.toThrow(
      EMAIL_TAKEN_MESSAGE,
    );
  });

  it('the database’s unique index decides a race between two registrations', async () => {
    const results = await Promise.allSettled([
      createUser(t.deps.db, { ...person, email: 'race@example.no' }),
      createUser(t.deps.db, { ...person, email: 'RACE@example.no' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
  });
});

describe('ensureAdmin', () => {
  it('creates a verified admin, and promotes an existing account on a later start', async () => {
    await ensureAdmin(t.deps.db, 'admin@example.no', 'adminpass');
    const [admin] = await t.deps.db.select().from(users).where(eq(users.email, 'admin@example.no'));
    expect(admin).toMatchObject({ isAdmin: true, emailVerified: true });

    const id = await createUser(t.deps.db, { ...person, email: 'boss@example.no' });
    await ensureAdmin(t.deps.db, 'Boss@example.no', 'whatever');
    const [boss] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect(boss).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it('leaves an admin already in place alone on a restart, and ends their sessions only when the password changes', async () => {
    await ensureAdmin(t.deps.db, 'sjef@example.no', 'adminpass');
    const res = await login(t, 'sjef@example.no', 'adminpass');
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const signedIn = async () =>
      (await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode;

    const [before] = await t.deps.db.select().from(users).where(eq(users.email, 'sjef@example.no'));
    await ensureAdmin(t.deps.db, 'sjef@example.no', 'adminpass');
    const [after] = await t.deps.db.select().from(users).where(eq(users.email, 'sjef@example.no'));
    expect(after?.password).toBe(before?.password);
    expect(await signedIn()).toBe(200);

    await ensureAdmin(t.deps.db, 'sjef@example.no', 'nyttpassord');
    expect(await signedIn()).toBe(401);
  });
});

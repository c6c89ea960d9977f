import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, registrationPayload } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { users } from '../../db/schema';
import { createUser } from '../accounts/accounts.service';

const EXISTS_SUBJECT = 'Du har allerede en konto hos Budrunde';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each call from its own address, unless a test says otherwise: registration allows 10 an hour per address.
let nextIp = 0;
const register = (email: string, overrides: Record<string, unknown> = {}, ip?: string) => {
  nextIp += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: registrationPayload(email, overrides),
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip ?? `10.30.0.${nextIp}`,
  });
};

const answerOf = (res: Awaited<ReturnType<typeof register>>) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  body: res.body,
});

async function existingAccount(email: string) {
  await createUser(
    t.deps.db,
    { email, password: PASSWORD, firstName: 'Eva', lastName: 'Eier' },
    { emailVerified: true },
  );
}

const usersWith = async (email: string) =>
  t.deps.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);

describe('registering an address that already has an account', () => {
  it('answers exactly as for a new address, and mails the owner instead', async () => {
    await existingAccount('eva@example.no');
    const fresh = await register('ny-person@example.no');
    const known = await register('Eva@Example.no', { firstName: 'Inntrenger', password: 'annetpass1' });
    expect(answerOf(known)).toEqual(answerOf(fresh));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toEqual({ message: 'Registrering sendt inn' });

    // Nothing about the account changed: the old password still works, the new one does not.
    const [row] = await usersWith('eva@example.no');
    expect(row).toMatchObject({ firstName: 'Eva', email: 'eva@example.no' });
    expect((await usersWith('eva@example.no')).length).toBe(1);
    expect((await login(t, 'eva@example.no', 'annetpass1')).statusCode).toBe(401);
    expect((await login(t, 'eva@example.no')).statusCode).toBe(200);

    await t.runJobs();
    const mails = await t.mails('eva@example.no');
    expect(mails.map((m) => m.subject)).toEqual([EXISTS_SUBJECT]);
    const [mail] = mails;
    // The owner's name, never the one typed into the form.
    expect(mail?.text).toContain('Hei Eva!');
    expect(mail?.text).not.toContain('Inntrenger');
    expect(mail?.text).toContain('Du har allerede en konto hos oss');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/?login=1`);
    expect(mail?.text).toContain('«Glemt passordet?»');
    expect(mail?.html).toContain(`href="${TEST_ORIGIN}/?login=1"`);
    // No link that logs in or resets: the mail can be triggered by anyone, so it carries no secret.
    expect(mail?.text).not.toMatch(/token=/);
    // The new address got its ordinary verification mail.
    expect((await t.mails('ny-person@example.no')).map((m) => m.subject)).toEqual([
      'Bekreft e-postadressen din hos Budrunde',
    ]);
  });

  it('also for an account that never verified its address', async () => {
    await createUser(t.deps.db, {
      email: 'uverifisert@example.no',
      password: PASSWORD,
      firstName: 'Ulla',
      lastName: 'Uverifisert',
    });
    const res = await register('uverifisert@example.no');
    expect(res.statusCode).toBe(201);
    await t.runJobs();
    expect((await t.mails('uverifisert@example.no')).map((m) => m.subject)).toEqual([EXISTS_SUBJECT]);
  });

  it('mails the owner at most 3 times an hour, however many addresses try', async () => {
    await existingAccount('populaer@example.no');
    for (let i = 0; i < 5; i++) expect((await register('populaer@example.no')).statusCode).toBe(201);
    await t.runJobs();
    expect((await t.mails('populaer@example.no')).length).toBe(3);
  });

  it('keeps the registration limit of 10 an hour per address, for known and new addresses alike', async () => {
    await existingAccount('grense@example.no');
    const ip = '10.31.0.1';
    const codes = [];
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? 'grense@example.no' : `grense-${i}@example.no`;
      codes.push((await register(email, {}, ip)).statusCode);
    }
    expect(codes).toEqual(Array(10).fill(201));
    expect((await register('grense-ny@example.no', {}, ip)).statusCode).toBe(429);
    expect((await register('grense@example.no', {}, ip)).statusCode).toBe(429);
  });

  it('two registrations of one new address at once make one account, and both answer alike', async () => {
    const [a, b] = await Promise.all([register('samtidig@example.no'), register('samtidig@example.no')]);
    if (!a || !b) throw new Error('missing answer');
    expect(answerOf(a)).toEqual(answerOf(b));
    expect(a.statusCode).toBe(201);
    expect((await usersWith('samtidig@example.no')).length).toBe(1);
    await t.runJobs();
    expect((await t.mails('samtidig@example.no')).map((m) => m.subject).sort()).toEqual([
      'Bekreft e-postadressen din hos Budrunde',
      EXISTS_SUBJECT,
    ]);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'samtidig@example.no'));
    expect(row?.emailVerified).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { addPasskey, newAuthenticator, passkeyLogin } from '../../../../tests/setup/passkeys';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { passkeys } from '../../db/passkey-schema';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the user's passkeys and their personal data", () => {
  it('the data export lists each passkey by name and times, never a key or a credential id', async () => {
    const cookie = await signInVerified(t, 'eksport.nokkel@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(t, cookie, authenticator, 'Nettbrettet');
    expect((await passkeyLogin(t, authenticator)).statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/users/me/export', cookie });
    expect(res.statusCode).toBe(200);
    const exported = JSON.parse(res.body);
    expect(exported.passkeys).toEqual([
      { name: 'Nettbrettet', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    const [row] = await t.deps.db.select().from(passkeys);
    expect(res.body).not.toContain(row?.credentialId);
    expect(res.body).not.toContain(Buffer.from(row?.publicKey ?? []).toString('base64url'));
  });

  it('deleting the account deletes its passkeys: they log no one in', async () => {
    const cookie = await signInVerified(t, 'sletter.nokkel@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(t, cookie, authenticator, 'Mobilen');
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, 'sletter.nokkel@example.no'));
    expect(
      await t.deps.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, user?.id ?? '')),
    ).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: '/api/users/me', cookie })).statusCode).toBe(200);
    expect(
      await t.deps.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, user?.id ?? '')),
    ).toEqual([]);
    expect((await passkeyLogin(t, authenticator)).statusCode).toBe(401);
  });
});

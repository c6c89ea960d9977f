import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import {
  addPasskey,
  newAuthenticator,
  registrationOptions,
  tryAddPasskey,
} from '../../../../tests/setup/passkeys';
import { PASSWORD } from '../../../../tests/setup/person';
import { FLAG_UP } from '../../../../tests/setup/software-authenticator';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/api/passkeys', cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { passkeys: { id: string; name: string; createdAt: string; lastUsedAt: null }[] })
    .passkeys;
};
const remove = (cookie: string, id: string, payload: object = {}) =>
  t.request({ method: 'DELETE', url: `/api/passkeys/${id}`, cookie, payload });

describe('a signed-in user adds, lists and removes passkeys', () => {
  it('adds one with a name: 201, listed with its times, and a mail says so', async () => {
    const cookie = await signInVerified(t, 'passkey.eier@example.no');
    const options = (await registrationOptions(t, cookie)).json();
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Budrunde' },
      user: { name: 'passkey.eier@example.no', displayName: 'Kari Nordmann' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const authenticator = newAuthenticator();
    const res = await tryAddPasskey(t, cookie, authenticator, '  Telefonen min ');
    expect(res.statusCode, res.body).toBe(201);
    const { passkey } = res.json();
    expect(passkey).toEqual({ id: expect.any(String), name: 'Telefonen min', createdAt: expect.any(String) });
    expect(await list(cookie)).toEqual([{ ...passkey, lastUsedAt: null }]);
    // No name: it is called 'Passnøkkel'.
    await addPasskey(t, cookie, newAuthenticator());
    expect((await list(cookie)).map((p) => p.name).sort()).toEqual(['Passnøkkel', 'Telefonen min']);

    await t.runJobs();
    const mails = (await t.mails('passkey.eier@example.no')).filter(
      (m) => m.subject === 'En passnøkkel ble lagt til på kontoen din',
    );
    // Both mails are sent by one run of the jobs, so their order is not the order the keys were added in.
    expect(mails.map((m) => m.text.match(/«(.+?)»/)?.[1]).sort()).toEqual(['Passnøkkel', 'Telefonen min']);
  });

  it('removes one: 200, gone from the list, and a mail says so; another user gets 404 for it', async () => {
    const cookie = await signInVerified(t, 'fjerner@example.no');
    const other = await signInVerified(t, 'nabo@example.no');
    const id = await addPasskey(t, cookie, newAuthenticator(), 'Nøkkelring');
    expect((await remove(other, id)).statusCode).toBe(404);
    expect(await list(cookie)).toHaveLength(1);
    expect(await list(other)).toEqual([]);

    const res = await remove(cookie, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Passnøkkelen er fjernet.' });
    expect(await list(cookie)).toEqual([]);
    expect((await remove(cookie, id)).statusCode).toBe(404);
    await t.runJobs();
    const removed = (await t.mails('fjerner@example.no')).find(
      (m) => m.subject === 'En passnøkkel ble fjernet fra kontoen din',
    );
    expect(removed?.text).toContain('«Nøkkelring»');
  });

  it('after 10 minutes, adding or removing needs the password again: 403 without, 400 for a wrong one', async () => {
    const cookie = await signInVerified(t, 'gammel.okt@example.no');
    const id = await addPasskey(t, cookie, newAuthenticator(), 'Første');
    t.clock.advance(9 * 60_000);
    expect((await registrationOptions(t, cookie)).statusCode).toBe(200);
    t.clock.advance(60_000);

    const refused = await registrationOptions(t, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Skriv inn passordet ditt på nytt for å endre passnøkler');
    expect((await remove(cookie, id)).statusCode).toBe(403);
    const wrong = await registrationOptions(t, cookie, { password: 'feil-passord' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'Passordet er feil' }]);
    expect((await remove(cookie, id, { password: 'feil-passord' })).statusCode).toBe(400);
    expect(await list(cookie)).toHaveLength(1);

    const options = await registrationOptions(t, cookie, { password: PASSWORD });
    expect(options.statusCode).toBe(200);
    const response = newAuthenticator().register(options.json());
    const added = await t.request({ method: 'POST', url: '/api/passkeys', cookie, payload: { response } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await remove(cookie, id, { password: PASSWORD })).statusCode).toBe(200);
    expect((await list(cookie)).map((p) => p.name)).toEqual(['Passnøkkel']);
  });

  it('refuses an answer from another origin or RP ID, without user verification, or to a used or expired challenge', async () => {
    const cookie = await signInVerified(t, 'avvist.nokkel@example.no');
    const authenticator = newAuthenticator();
    const refusals = [
      { origin: 'https://budrunde.example.com' },
      { rpId: 'budrunde.example.com' },
      { flags: FLAG_UP },
      { type: 'webauthn.get' },
    ];
    for (const overrides of refusals) {
      const res = await tryAddPasskey(t, cookie, authenticator, 'Feil', overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe('Passnøkkelen kunne ikke bekreftes. Prøv igjen.');
    }
    // Used once: the same answer again finds its challenge gone.
    const options = (await registrationOptions(t, cookie)).json();
    const response = authenticator.register(options);
    const send = () => t.request({ method: 'POST', url: '/api/passkeys', cookie, payload: { response } });
    expect((await send()).statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Forespørselen er utløpt eller allerede brukt. Prøv igjen.');
    // Another user's challenge is not this user's.
    const other = await signInVerified(t, 'annen.utfordring@example.no');
    const theirs = authenticator.register((await registrationOptions(t, other)).json());
    const stolen = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      cookie,
      payload: { response: theirs },
    });
    expect(stolen.statusCode).toBe(400);
    // Five minutes later, a challenge is no longer good.
    const late = authenticator.register((await registrationOptions(t, cookie)).json());
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      cookie,
      payload: { response: late },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Forespørselen er utløpt eller allerede brukt. Prøv igjen.');
    expect((await list(cookie)).map((p) => p.name)).toEqual(['Passnøkkel']);
  });
});

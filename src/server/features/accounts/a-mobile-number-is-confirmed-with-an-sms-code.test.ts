import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (cookie: string) =>
  t.request({ method: 'POST', url: '/api/users/me/phone/verification', cookie });
const confirm = (cookie: string, code: string) =>
  t.request({ method: 'PUT', url: '/api/users/me/phone/verification', cookie, payload: { code } });
const me = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user', cookie })).json();

/** The code in the newest SMS to the number. */
async function codeSentTo(phone: string): Promise<string> {
  await t.runJobs();
  const text = t.sms.to(phone).at(-1) ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${text}`);
  return code;
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('confirming a mobile number with an SMS code', () => {
  it('confirms the number with the right code, and a changed number is unconfirmed again', async () => {
    const cookie = await signInVerified(t, 'mobil.riktig@example.no', { phone: '+47 41111111' });
    const sent = await send(cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toContain('****1111');
    const code = await codeSentTo('+47 41111111');
    const ok = await confirm(cookie, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().phoneVerified).toBe(true);
    expect((await me(cookie)).phoneVerified).toBe(true);
    // The code is spent.
    expect((await confirm(cookie, code)).statusCode).toBe(400);
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie,
      payload: { firstName: 'Kari', lastName: 'Nordmann', phone: '+47 42222222' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().phoneVerified).toBe(false);
  });

  it("says 'Feil kode' to a wrong code, and 429 after five tries, even for the right code", async () => {
    const cookie = await signInVerified(t, 'mobil.feil@example.no', { phone: '+47 43333333' });
    await send(cookie);
    const code = await codeSentTo('+47 43333333');
    for (let i = 0; i < 5; i++) {
      const wrong = await confirm(cookie, wrongOf(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Feil kode');
    }
    expect((await confirm(cookie, code)).statusCode).toBe(429);
    expect((await me(cookie)).phoneVerified).toBe(false);
  });

  it('lets a code lapse after ten minutes', async () => {
    const cookie = await signInVerified(t, 'mobil.utlopt@example.no', { phone: '+47 44444444' });
    await send(cookie);
    const code = await codeSentTo('+47 44444444');
    t.clock.advance(10 * 60_000 + 1_000);
    const late = await confirm(cookie, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Koden er utløpt. Be om en ny kode.');
    expect((await me(cookie)).phoneVerified).toBe(false);
  });

  it('sends at most five codes an hour, and none without a number', async () => {
    const cookie = await signInVerified(t, 'mobil.grense@example.no', { phone: '+47 45555555' });
    for (let i = 0; i < 5; i++) expect((await send(cookie)).statusCode).toBe(200);
    expect((await send(cookie)).statusCode).toBe(429);
    const none = await signInVerified(t, 'mobil.ingen@example.no', { phone: null });
    expect((await send(none)).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, register, tokenOf } from '../../../tests/setup/accounts';
import { captureLog } from '../../../tests/setup/memory-logger';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { parseEnv } from '../env';
import { createMailer, OUTBOX_IN_PRODUCTION_WARNING } from './create-mailer';
import { OutboxMailer } from './outbox-mailer';

// The outbox logs through this logger at every level, as a developer's terminal would show it.
const captured = captureLog('trace');
let t: TestApp;
beforeAll(async () => {
  let mailer: OutboxMailer | undefined;
  t = await createTestApp({
    // The app's database is only known once it is built; the mailer is asked for afterwards.
    mailer: { send: (mail) => (mailer as OutboxMailer).send(mail) },
  });
  mailer = new OutboxMailer(t.deps.db, captured.log);
});
afterAll(() => t.close());

function expectNoSecretsLogged(token: string, email: string) {
  expect(token.length).toBeGreaterThanOrEqual(43);
  const text = captured.text();
  expect(text).not.toContain('token=');
  expect(text).not.toContain(token);
  expect(text).not.toContain(encodeURIComponent(token));
  expect(text).not.toContain(email);
}

describe('the development outbox', () => {
  it('logs no verification link when someone registers: a masked recipient, the subject and the way to read it', async () => {
    expect((await register(t, 'kari.nordmann@example.no')).statusCode).toBe(201);
    await t.runJobs();

    const [mail] = await t.mails('kari.nordmann@example.no');
    const token = tokenOf(linkFrom(mail, '/verify-email'));
    expectNoSecretsLogged(token, 'kari.nordmann@example.no');
    expect(captured.entries().at(-1)).toMatchObject({
      level: 30,
      to: 'k***@e***.no',
      subject: 'Bekreft e-postadressen din hos Budrunde',
      msg: expect.stringContaining('npm run outbox'),
    });
  });

  it('logs no reset link when someone has forgotten the password', async () => {
    const before = captured.lines.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'kari.nordmann@example.no' },
    });
    expect(res.statusCode).toBe(200);
    await t.runJobs();

    const mail = (await t.mails('kari.nordmann@example.no')).findLast((m) =>
      m.text.includes('/reset-password'),
    );
    const token = tokenOf(linkFrom(mail, '/reset-password'));
    expectNoSecretsLogged(token, 'kari.nordmann@example.no');
    expect(captured.entries().slice(before)).toEqual([
      expect.objectContaining({ to: 'k***@e***.no', subject: 'Tilbakestill passordet ditt hos Budrunde' }),
    ]);
  });

  it('keeps the mail, link and all, in the outbox for `npm run outbox` to show', async () => {
    const mails = await t.mails('kari.nordmann@example.no');
    expect(mails.map((m) => m.text).join('\n')).toMatch(
      /verify-email\?token=.+[\s\S]*reset-password\?token=/,
    );
  });

  it('fails without the mail in the error: a failed job has its message logged and stored', async () => {
    const failing = new OutboxMailer(
      {
        insert: () => ({
          values: () =>
            Promise.reject(
              new Error(
                'Failed query: insert into "mail_outbox" … params: http://x/reset-password?token=abc',
                {
                  cause: new Error('terminating connection due to administrator command'),
                },
              ),
            ),
        }),
      } as never,
      captured.log,
    );
    const sending = failing.send({ to: 'a@b.no', subject: 's', text: 'http://x/?token=abc', html: '' });
    await expect(sending).rejects.toThrow(
      'could not store the mail in the outbox: terminating connection due to administrator command',
    );
    await expect(sending).rejects.not.toThrow(/token/);
  });
});

describe('createMailer', () => {
  const base = { DATA_DIR: '/tmp/budrunde-mailer-test', SESSION_SECRET: 'x'.repeat(32) };

  it('warns loudly at start-up when production keeps mail in the outbox on purpose', () => {
    const out = captureLog('info');
    const env = parseEnv({ ...base, NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' });
    expect(createMailer(env, t.deps.db, out.log)).toBeInstanceOf(OutboxMailer);
    expect(out.entries()).toEqual([
      expect.objectContaining({ level: 40, msg: OUTBOX_IN_PRODUCTION_WARNING, mailTransport: 'outbox' }),
    ]);
    expect(OUTBOX_IN_PRODUCTION_WARNING).toMatch(/NOT BEING DELIVERED/);
  });

  it('says where mail goes in development, at info, without a warning', () => {
    const out = captureLog('info');
    createMailer(parseEnv(base), t.deps.db, out.log);
    expect(out.entries()).toEqual([
      expect.objectContaining({ level: 30, msg: expect.stringContaining('npm run outbox') }),
    ]);
  });

  it('uses SMTP, and says nothing, when SMTP_URL is set', () => {
    const out = captureLog('info');
    const mailer = createMailer(
      parseEnv({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }),
      t.deps.db,
      out.log,
    );
    expect(mailer).not.toBeInstanceOf(OutboxMailer);
    expect(out.lines).toEqual([]);
  });
});

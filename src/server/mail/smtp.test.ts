import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationPayload } from '../../../tests/setup/accounts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { jobs } from '../db/schema';
import { SmtpMailer } from './mailer';

// A real SMTP server in the test: what nodemailer sends is what a mail provider would receive.
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let t: TestApp;

async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  smtp = await startSmtp(0);
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Budrunde <ikke-svar@budrunde.test>'),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const linkIn = (mail: ParsedMail | undefined, path: string) =>
  mail?.text?.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path)) ?? '';

describe('mail over SMTP', () => {
  it('registration mails a working verification link, in Norwegian, as text and HTML', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationPayload('smtp@example.no'),
    });
    await t.runJobs();
    const mail = received.find((m) => m.subject === 'Bekreft e-postadressen din hos Budrunde');
    expect(mail?.from?.value[0]).toMatchObject({ name: 'Budrunde', address: 'ikke-svar@budrunde.test' });
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('smtp@example.no');
    expect(mail?.text).toContain('Hei Kari!');
    expect(mail?.html).toContain('Bekreft e-postadressen');
    const link = linkIn(mail, '/verify-email?token=');
    expect(link.startsWith('http://localhost:5000/verify-email?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token');
    // The link opens the client's page, which makes this call.
    const res = await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().verified).toBe(true);
  });

  it('forgot-password mails a working reset link', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'smtp@example.no' },
    });
    await t.runJobs();
    const mail = received.find((m) => m.subject === 'Tilbakestill passordet ditt hos Budrunde');
    const token = new URL(linkIn(mail, '/reset-password?token=')).searchParams.get('token');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'nyttpass1', confirmPassword: 'nyttpass1' },
    });
    expect(res.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'smtp@example.no', password: 'nyttpass1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a mail server outage delays mail without losing it', async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'smtp@example.no' },
    });
    const before = received.length;
    // The test worker retries at once (backoff 0) until the attempts run out; stop after one round here.
    await t.runJobs();
    const failed = await t.deps.db.select().from(jobs).where(eq(jobs.type, 'mail:password-reset'));
    expect(failed.at(-1)?.lastError).toBeTruthy();
    expect(received.length).toBe(before);
    // Bring the server back and put the job back in the queue: it is delivered.
    smtp = await startSmtp(port);
    await t.deps.db
      .update(jobs)
      .set({ failedAt: null, attempts: 0 })
      .where(eq(jobs.id, failed.at(-1)?.id ?? 0));
    await t.runJobs();
    expect(received.length).toBe(before + 1);
  });
});

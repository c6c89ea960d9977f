import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registrationPayload } from '../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { jobs } from '../db/schema';
import { createUser } from '../features/accounts/accounts.service';
import { enqueueMail, MAIL_JOB, RESET_MAIL_JOB } from './mail-jobs';
import { SmtpMailer } from './smtp-mailer';

// A real SMTP server in the test: what nodemailer sends is what a mail provider would receive.
const received: ParsedMail[] = [];
/** Every message the server was handed, the ones it turned away included. */
const offered: ParsedMail[] = [];
/** The next this many messages are answered 451 (try again later), as a busy provider does. */
let refuseNext = 0;
let smtp: SMTPServer;
let mailer: SmtpMailer;
let t: TestApp;

async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The mailer pools its connections; a restarting server drops idle ones at once rather than after 30 s.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        offered.push(mail);
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error('Prøv igjen senere'), { responseCode: 451 }));
        }
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
  mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Budrunde <ikke-svar@budrunde.test>');
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  mailer.close();
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

  it('a bid sends the bidder a written receipt and the seller a notice without the bidder’s name', async () => {
    const make = (email: string, firstName: string) =>
      createUser(
        t.deps.db,
        { email, password: 'hemmelig1', firstName, lastName: 'Test' },
        { emailVerified: true },
      );
    await make('seller@example.no', 'Selma');
    await make('bidder@example.no', 'Birger');
    const cookieFor = async (email: string) => {
      const res = await login(t, email, 'hemmelig1');
      return String(res.headers['set-cookie']).split(';')[0] ?? '';
    };
    const round = await createRoundAs(t, await cookieFor('seller@example.no'), { title: 'SMTP-huset' });
    await placeBidOk(t, await cookieFor('bidder@example.no'), round.id, 4_350_000, {
      conditions: 'Finansiering',
    });
    await t.runJobs();
    const receipt = received.find((m) => m.subject === 'Kvittering for bud på SMTP-huset');
    expect(receipt?.text).toContain('4 350 000 kr (fire millioner tre hundre og femti tusen kroner)');
    expect(receipt?.text).toContain('Forbehold: Finansiering');
    const notice = received.find((m) => m.subject === 'Nytt bud på SMTP-huset: 4 350 000 kr');
    expect(notice?.to && 'text' in notice.to ? notice.to.text : '').toBe('seller@example.no');
    expect(`${notice?.text}${notice?.html}`).not.toMatch(/Birger|bidder@example/);
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

describe('Message-ID', () => {
  const latestJob = async (type: string) => {
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, type))
      .orderBy(desc(jobs.id))
      .limit(1);
    if (!job) throw new Error(`no ${type} job`);
    return job;
  };

  it('a bid notice keeps its Message-ID when it is tried again, and when it is sent again after a crash', async () => {
    const subject = 'Nytt bud på Meldingshuset: 4 500 000 kr';
    await enqueueMail(t.deps.db, {
      to: 'selger@example.no',
      subject,
      text: 'Et nytt bud.',
      html: '<p>Et nytt bud.</p>',
    });
    refuseNext = 1;
    await t.runJobs();
    const job = await latestJob(MAIL_JOB);
    expect(job).toMatchObject({ attempts: 2, lastError: expect.stringContaining('451') });
    // The process died after the server took the mail, before the job was marked done: it runs again.
    await t.deps.db.update(jobs).set({ completedAt: null, lockedUntil: null }).where(eq(jobs.id, job.id));
    await t.runJobs();

    const id = `<job-${job.id}.${job.createdAt.getTime()}@localhost>`;
    expect(offered.filter((m) => m.subject === subject).map((m) => m.messageId)).toEqual([id, id, id]);
    expect(received.filter((m) => m.subject === subject)).toHaveLength(2);
  });

  it('a reset mail names its job too, but each try has its own id, as each try carries a new link', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'smtp@example.no' },
    });
    const before = offered.length;
    refuseNext = 1;
    await t.runJobs();
    const job = await latestJob(RESET_MAIL_JOB);
    const tries = offered
      .slice(before)
      .filter((m) => m.subject === 'Tilbakestill passordet ditt hos Budrunde');
    const prefix = `<job-${job.id}.${job.createdAt.getTime()}`;
    expect(tries.map((m) => m.messageId)).toEqual([`${prefix}.1@localhost>`, `${prefix}.2@localhost>`]);
    const links = tries.map((m) => linkIn(m, '/reset-password?token='));
    expect(links[0]).not.toBe(links[1]);
  });
});

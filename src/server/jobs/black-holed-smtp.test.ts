import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { jobs } from '../db/schema';
import { createUser } from '../features/accounts/accounts.service';
import { enqueueMail, MAIL_JOB, RESET_MAIL_JOB } from '../mail/mail-jobs';
import { SMTP_TIMEOUTS, SmtpMailer } from '../mail/smtp-mailer';
import { enqueueSms } from '../sms/sms-jobs';
import { createJobHandlers } from './handlers';
import { JobWorker } from './worker';

// The failure from the field: an SMTP server that accepts connections and then says nothing. In front of a
// real SMTP server sits a switch: while `silent`, every connection is held open without a word; after
// that, new connections are passed through, as when the mail provider comes back.
let silent = true;
const held = new Set<Socket>();
const received: ParsedMail[] = [];
let front: Server;
let smtp: SMTPServer;
let mailer: SmtpMailer;
let t: TestApp;
let worker: JobWorker;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 100,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  front = createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
    socket.on('error', () => {});
    if (silent) return;
    const upstream = connect(smtpPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as AddressInfo).port;
  // The production timeouts, so the figures below are the ones a real deployment would see.
  mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Budrunde <ikke-svar@budrunde.test>');
  t = await createTestApp({ mailer });
  // A started worker with the production lanes, as main.ts runs it; a short poll and backoff keep it brisk.
  worker = new JobWorker(t.deps.db, createJobHandlers(t.deps), silentLogger, [], {
    pollMs: 100,
    backoffMs: () => 1000,
  });
});

afterAll(async () => {
  await worker.stop();
  mailer.close();
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => front.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

const jobsOfType = (type: string) => t.deps.db.select().from(jobs).where(eq(jobs.type, type));

it('a silent SMTP server holds up neither SMS nor the reset mail behind 24 bid notifications', async () => {
  await createUser(
    t.deps.db,
    { email: 'glemsk@example.no', password: 'hemmelig1', firstName: 'Glemsk', lastName: 'Person' },
    { emailVerified: true },
  );
  for (let n = 0; n < 24; n++) {
    await enqueueMail(t.deps.db, {
      to: `byder${n}@example.no`,
      subject: `Nytt bud på Storgata ${n}`,
      text: 'Et nytt bud er lagt inn.',
      html: '<p>Et nytt bud er lagt inn.</p>',
    });
  }
  worker.start();
  // The bid notifications have taken every slot of their lane and hang on the silent server.
  await vi.waitFor(() => expect(held.size).toBeGreaterThanOrEqual(4), { timeout: 5000 });

  const asked = Date.now();
  await enqueueSms(t.deps.db, '+4741234567', 'Nytt bud på Storgata 1');
  const smsArrived = vi
    .waitFor(() => expect(t.sms.to('+4741234567')).toHaveLength(1), { timeout: 10_000, interval: 10 })
    .then(() => Date.now() - asked);
  const forgot = await t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'glemsk@example.no' },
  });
  expect(forgot.statusCode).toBe(200);

  const smsWaitedMs = await smsArrived;
  expect(smsWaitedMs).toBeLessThan(2000);
  // It went past them: not one notification has got through yet.
  expect((await jobsOfType(MAIL_JOB)).filter((job) => job.completedAt)).toEqual([]);

  // The reset mail is tried at once, in its own lane, and the greeting timeout ends the try in seconds.
  await vi.waitFor(
    async () => expect((await jobsOfType(RESET_MAIL_JOB))[0]?.lastError).toMatch(/greeting/i),
    { timeout: SMTP_TIMEOUTS.greetingTimeoutMs + 5000, interval: 50 },
  );
  const resetTriedMs = Date.now() - asked;
  expect(resetTriedMs).toBeLessThan(SMTP_TIMEOUTS.greetingTimeoutMs + 3000);

  // The provider comes back: the reset link arrives on its next try, a backoff later.
  silent = false;
  const back = Date.now();
  await vi.waitFor(
    () => expect(received.some((m) => m.subject === 'Tilbakestill passordet ditt hos Budrunde')).toBe(true),
    { timeout: 8000, interval: 20 },
  );
  const resetDeliveredMs = Date.now() - back;
  expect(resetDeliveredMs).toBeLessThan(5000);

  // Nothing was lost: every notification is delivered once the server answers again.
  await vi.waitFor(
    () => expect(received.filter((m) => m.subject?.startsWith('Nytt bud på'))).toHaveLength(24),
    { timeout: 20_000, interval: 100 },
  );
  const drainedMs = Date.now() - back;
  console.info(
    `SMS waited ${smsWaitedMs} ms; reset mail tried and timed out after ${resetTriedMs} ms; ` +
      `delivered ${resetDeliveredMs} ms after the server came back; all 24 notifications after ${drainedMs} ms`,
  );
}, 45_000);

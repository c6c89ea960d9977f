import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { jobs, mailOutbox, passwordResetRequests } from '../db/schema';
import { createUser } from '../features/accounts/accounts.service';
import { periodicTasks } from './periodic-tasks';
import { SCRUBBED_PAYLOAD } from './queue';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.deps.db, {
    email: 'kari@example.no',
    password: 'hemmelig1',
    firstName: 'Kari',
    lastName: 'Nordmann',
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(jobs);
  await t.deps.db.delete(mailOutbox);
  await t.deps.db.delete(passwordResetRequests);
});

/** Runs one periodic task the way the worker does. */
async function runTask(name: string) {
  const task = periodicTasks(t.deps, silentLogger).find((candidate) => candidate.name === name);
  if (!task) throw new Error(`no periodic task ${name}`);
  await task.run();
}

// Database time, as the tasks compare against now() in the database.
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

const mailPayload = (to: string) => ({ mail: { to, subject: 'Nytt bud', text: 'Hei Kari', html: '' } });

describe('finished jobs: payloads scrubbed after 7 days, rows kept', () => {
  it('scrubs old finished and failed jobs, and leaves newer and pending ones alone', async () => {
    await t.deps.db.insert(jobs).values([
      { type: 'mail:send', payload: mailPayload('gammel@example.no'), completedAt: daysAgo(8) },
      {
        type: 'sms:send',
        payload: { to: '+47 41234567', text: 'Nytt bud' },
        failedAt: daysAgo(8),
        lastError: 'rejected: +47 41234567 and kari@example.no are unknown',
      },
      { type: 'mail:send', payload: mailPayload('ny@example.no'), completedAt: daysAgo(6) },
      { type: 'mail:send', payload: mailPayload('venter@example.no'), runAt: daysAgo(10) },
    ]);
    await runTask('scrub-finished-job-payloads');

    const rows = await t.deps.db.select().from(jobs).orderBy(asc(jobs.id));
    expect(rows.map((r) => r.payload)).toEqual([
      SCRUBBED_PAYLOAD,
      SCRUBBED_PAYLOAD,
      mailPayload('ny@example.no'),
      mailPayload('venter@example.no'),
    ]);
    // The row stays for diagnostics: its type and error, with the address and the number masked.
    expect(rows[1]).toMatchObject({
      type: 'sms:send',
      lastError: 'rejected: [telefon] and [e-post] are unknown',
    });
    // Idempotent: a second run, as another process would make, changes nothing.
    await runTask('scrub-finished-job-payloads');
    expect((await t.deps.db.select().from(jobs).orderBy(asc(jobs.id))).map((r) => r.payload)).toEqual(
      rows.map((r) => r.payload),
    );
  });
});

describe('development outbox: kept 30 days', () => {
  it('deletes older mail and keeps newer', async () => {
    const mail = (to: string) => ({ to, subject: 'Hei', text: 'Hei', html: '<p>Hei</p>' });
    await t.deps.db.insert(mailOutbox).values([
      { ...mail('gammel@example.no'), createdAt: daysAgo(31) },
      { ...mail('ny@example.no'), createdAt: daysAgo(29) },
    ]);
    await runTask('delete-old-outbox-mail');
    expect((await t.deps.db.select().from(mailOutbox)).map((m) => m.to)).toEqual(['ny@example.no']);
  });
});

describe('password reset requests: 90 days after completion, 30 days if never dealt with', () => {
  it('deletes old completed and stale open requests, and keeps the rest', async () => {
    await t.deps.db.insert(passwordResetRequests).values([
      {
        userId,
        reason: 'ferdig, gammel',
        requestedAt: daysAgo(100),
        isCompleted: true,
        completedAt: daysAgo(91),
      },
      {
        userId,
        reason: 'ferdig, ny',
        requestedAt: daysAgo(100),
        isCompleted: true,
        completedAt: daysAgo(89),
      },
      { userId, reason: 'åpen, gammel', requestedAt: daysAgo(31) },
      { userId, reason: 'åpen, ny', requestedAt: daysAgo(29) },
    ]);
    await runTask('delete-old-password-reset-requests');
    const left = await t.deps.db.select().from(passwordResetRequests);
    expect(left.map((r) => r.reason).sort()).toEqual(['ferdig, ny', 'åpen, ny']);
  });
});

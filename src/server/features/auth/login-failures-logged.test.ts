import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { buildApp } from '../../app';
import { loggerOptions } from '../../http/logging';
import { hashAccount } from '../../security/account-hash';
import { createUser } from '../accounts/accounts.service';

const EMAIL = 'Logget.Person@example.no';
const lines: string[] = [];
let t: TestApp;
// The test app logs nothing; this second app on the same database logs as production does, into `lines`.
let logged: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(
    t.deps.db,
    { email: EMAIL.toLowerCase(), password: PASSWORD, firstName: 'Logget', lastName: 'Person' },
    { emailVerified: true },
  );
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions('info') as pino.LoggerOptions;
  logged = await buildApp(t.deps, { logger: pino(options, sink), clientDir: null });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const logIn = (email: string, password: string, remoteAddress: string) =>
  logged.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
  });

const events = (name: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.event === name);

describe('auth-failure events in the log', () => {
  it('a failed login is a warning with the hashed account and the address, never the e-mail', async () => {
    expect((await logIn(EMAIL, 'feilpassord', '192.0.2.10')).statusCode).toBe(401);
    expect((await logIn('ingen-slik@example.no', 'feilpassord', '192.0.2.11')).statusCode).toBe(401);
    const failed = events('auth.login.failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      level: 40,
      account: hashAccount(t.deps.env.SESSION_SECRET, EMAIL),
      ip: '192.0.2.10',
      knownDevice: false,
    });
    // The same account, however it is written, is the same hash: an attack can be followed in the log.
    expect(hashAccount(t.deps.env.SESSION_SECRET, ' logget.person@EXAMPLE.no')).toBe(failed[0]?.account);
    expect(failed[1]).toMatchObject({ level: 40, ip: '192.0.2.11' });
    expect(failed[1]?.account).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a refused (throttled) login is logged too', async () => {
    for (let i = 0; i < 11; i++) await logIn(EMAIL, 'feilpassord', '192.0.2.12');
    expect(events('auth.login.throttled')).toEqual([
      expect.objectContaining({
        level: 40,
        ip: '192.0.2.12',
        account: expect.stringMatching(/^[0-9a-f]{16}$/),
      }),
    ]);
  });

  it('a successful login logs no failure, and no line anywhere holds the address or the password', async () => {
    const before = events('auth.login.failed').length;
    expect((await logIn(EMAIL, PASSWORD, '192.0.2.13')).statusCode).toBe(200);
    expect(events('auth.login.failed').length).toBe(before);
    const all = lines.join('\n').toLowerCase();
    expect(lines.length).toBeGreaterThan(20);
    expect(all).not.toContain('logget.person');
    expect(all).not.toContain('ingen-slik');
    expect(all).not.toContain('feilpassord');
    expect(all).not.toContain(PASSWORD);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg } from '../../src/server/db/client';
import { signInVerified } from '../setup/admin';
import { createOwnPostgres, type OwnPostgres } from '../setup/own-postgres';
import { createTestApp, type TestApp } from '../setup/test-app';

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > 10_000) throw new Error('the event listener never noticed the database had gone');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const UNAVAILABLE = 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.';

// The same database reached the two ways DATABASE_URL may name it: over TCP, and through the Unix socket
// (postgres:///budrunde?host=/var/run/postgresql, the usual set-up on one machine). A stopped server refuses
// the first (ECONNREFUSED) and has no socket file for the second (ENOENT).
let server: OwnPostgres;
const apps: Record<'tcp' | 'socket', TestApp | undefined> = { tcp: undefined, socket: undefined };

beforeAll(async () => {
  server = await createOwnPostgres();
  const options = { max: 4, lockTimeoutMs: 2000, connectionTimeoutMs: 2000 };
  const tcp = openPg(server.tcpUrl, options);
  await tcp.migrate();
  apps.tcp = await createTestApp({ database: tcp });
  apps.socket = await createTestApp({ database: openPg(server.socketUrl, options) });
});
afterAll(async () => {
  for (const t of Object.values(apps)) await t?.close();
  server?.remove();
});

describe('with the database stopped', () => {
  it('answers 503 with Retry-After to every API request, signed in or not, whichever way it is reached', async () => {
    const signedIn: Record<string, string> = {};
    for (const [way, t] of Object.entries(apps)) {
      if (!t) throw new Error(`no app for ${way}`);
      signedIn[way] = await signInVerified(t, `kari-${way}@example.no`);
      const res = await t.request({ method: 'GET', url: '/api/auth/user', cookie: signedIn[way] });
      expect(res.statusCode, res.body).toBe(200);
    }

    server.stop();
    // Until the event listener has noticed, a recent request's session and user may still come from the
    // auth cache (http/auth-cache.ts), and /api/auth/user rightly answers 200: wait for that, then ask.
    for (const t of Object.values(apps)) await until(() => t?.deps.events.isListening === false);

    const answers: string[] = [];
    for (const [way, t] of Object.entries(apps)) {
      if (!t) continue;
      const requests = [
        { url: '/api/auth/user', cookie: signedIn[way] },
        { url: '/api/bid-rounds/active', cookie: signedIn[way] },
        { url: '/api/bid-rounds/user', cookie: signedIn[way] },
        { url: '/api/user/bids', cookie: signedIn[way] },
        { url: '/api/bid-rounds/active' },
      ];
      for (const { url, cookie } of requests) {
        const res = await t.request({ method: 'GET', url, cookie });
        answers.push(`${way} ${url} ${cookie ? 'signed in' : 'visitor'}: ${res.statusCode} ${res.body}`);
        expect(res.statusCode, `${way} ${url}: ${res.body}`).toBe(503);
        expect(res.json()).toEqual({ message: UNAVAILABLE });
        expect(res.headers['retry-after']).toBe('2');
      }
    }
    console.log(`faults: database stopped:\n${answers.join('\n')}`);

    // Back again: the same session works without logging in anew.
    server.start();
    for (const [way, t] of Object.entries(apps)) {
      const res = await t?.request({ method: 'GET', url: '/api/auth/user', cookie: signedIn[way] });
      expect(res?.statusCode, `${way}: ${res?.body}`).toBe(200);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../tests/setup/test-app';
import { sessions, users } from '../db/schema';
import { createUser } from '../features/accounts/accounts.service';
import { startUserSession } from './session';
import { DbSessionStore, deleteExpiredSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-store';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let userId: string;

// A test-only route starts a session for any user the way login does, without a password round trip.
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.post('/api/test/session', { config: { access: 'public' } }, async (request) => {
        await startUserSession(request, userId, t.clock);
        return { ok: true };
      });
    },
  });
  userId = await createUser(
    t.deps.db,
    { email: 'kari@example.no', password: 'hemmelig1', firstName: 'Kari', lastName: 'Nordmann' },
    { emailVerified: true },
  );
});
afterAll(() => t.close());

async function startSession(): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/test/session' });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}

const currentUser = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe('sessions', () => {
  it('are stored server-side, and the cookie is HttpOnly and SameSite=Lax', async () => {
    const res = await t.request({ method: 'POST', url: '/api/test/session' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^budrunde\.sid=/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('identify the user, without password hash or tokens', async () => {
    const res = await currentUser(await startSession());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: userId,
      email: 'kari@example.no',
      firstName: 'Kari',
      emailVerified: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password|Token/);
  });

  it('no session is stored for a visitor', async () => {
    const before = await t.deps.db.select().from(sessions);
    const res = await t.request({ method: 'GET', url: '/api/bid-rounds/active' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.deps.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('a forged or unknown cookie is just a visitor', async () => {
    expect((await currentUser('budrunde.sid=forged.value')).statusCode).toBe(401);
  });

  it('end after 7 days without activity (idle timeout)', async () => {
    const cookie = await startSession();
    t.clock.advance(SESSION_IDLE_MS + HOUR);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('stay alive while used, but end 30 days after login whatever happens (absolute timeout)', async () => {
    const cookie = await startSession();
    for (let day = 3; day <= 27; day += 3) {
      t.clock.advance(3 * 24 * HOUR);
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(SESSION_ABSOLUTE_MS);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('end when the account is scrubbed', async () => {
    const otherId = await createUser(t.deps.db, {
      email: 'ola@example.no',
      password: 'hemmelig1',
      firstName: 'Ola',
      lastName: 'Hansen',
    });
    const previous = userId;
    userId = otherId;
    const cookie = await startSession();
    userId = previous;
    await t.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, otherId));
    expect((await currentUser(cookie)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, otherId))).toHaveLength(0);
  });

  it('expired rows are swept', async () => {
    await startSession();
    const removed = await deleteExpiredSessions(
      t.deps.db,
      new Date(t.clock.now().getTime() + SESSION_ABSOLUTE_MS + HOUR),
    );
    expect(removed).toBeGreaterThan(0);
    expect(await t.deps.db.select().from(sessions)).toHaveLength(0);
  });

  it('an ended session is never written back by a request that was still in flight', async () => {
    const cookie = await startSession();
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    const store = new DbSessionStore(t.deps.db, t.clock);
    await t.deps.db.delete(sessions).where(eq(sessions.sid, row?.sid ?? ''));
    // What the end of a request does that loaded the session before it was deleted, and changed it.
    await store.set(row?.sid ?? '', row?.sess as never);
    expect(
      await t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, row?.sid ?? '')),
    ).toHaveLength(0);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('logout clears the cookie in the browser too', async () => {
    const cookie = await startSession();
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(String(res.headers['set-cookie'])).toMatch(/^budrunde\.sid=;.*Expires=Thu, 01 Jan 1970/);
  });
});

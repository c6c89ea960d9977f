import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import pg from 'pg';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/server/http/session-store';

/** A database of the bench's own, created for one run and dropped at its end. */
export interface BenchDb {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

const PREFIX = 'budrunde_bench_';

/** Creates budrunde_bench_<pid> on the server of `adminUrl` (which must name an existing database). */
export async function createBenchDb(adminUrl: string): Promise<BenchDb> {
  await dropStaleBenchDbs(adminUrl);
  const name = `${PREFIX}${process.pid}`;
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  let dropped = false;
  return {
    name,
    url: url.toString(),
    pool,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      // FORCE ends connections a killed server may have left behind.
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Databases of earlier runs whose process is gone (killed with -9, say) are dropped, never a live run's. */
async function dropStaleBenchDbs(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like '${PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PREFIX.length));
      if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface BenchUser {
  id: string;
  email: string;
}

/** Verified, approved users without a phone (so no SMS jobs), all with the same password hash. */
export async function insertUsers(
  pool: pg.Pool,
  role: string,
  count: number,
  passwordHash: string,
): Promise<BenchUser[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench-${role}-${i + 1}@bench.test`);
  const { rows } = await pool.query<BenchUser>(
    `insert into users (email, password, first_name, last_name, email_verified)
     select e, $2, 'Bench', $3 || '-' || n, true from unnest($1::text[]) with ordinality as t(e, n)
     returning id, email`,
    [emails, passwordHash, role],
  );
  // RETURNING follows the insert's order in practice, but the bench must not depend on it.
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  return emails.map((email) => byEmail.get(email) as BenchUser);
}

/**
 * Signed-in sessions written straight into `sessions`, as a login leaves them (see session.ts and
 * session-store.ts): logging in 2,000 users through argon2 would take minutes of the server's CPU. Returns
 * one Cookie header value per user: the session id, a dot and its HMAC, signed by @fastify/cookie (the
 * format @fastify/session used, which the server keeps).
 */
export async function insertSessions(pool: pg.Pool, userIds: readonly string[], secret: string) {
  const now = Date.now();
  const sids = userIds.map(() => randomBytes(24).toString('base64url'));
  const sess = userIds.map((userId) => ({ userId, createdAt: now, lastSeenAt: now }));
  const expire = new Date(now + Math.min(SESSION_IDLE_MS, SESSION_ABSOLUTE_MS));
  await pool.query(
    `insert into sessions (sid, sess, expire, user_id)
     select sid, sess, $3, uid from unnest($1::text[], $2::jsonb[], $4::uuid[]) as t(sid, sess, uid)`,
    [sids, sess.map((s) => JSON.stringify(s)), expire, userIds],
  );
  return sids.map((sid) => `budrunde.sid=${encodeURIComponent(sign(sid, secret))}`);
}

export async function addFollowers(pool: pg.Pool, roundId: string, userIds: readonly string[]) {
  await pool.query(
    `insert into bid_round_followers (bid_round_id, user_id) select $1, unnest($2::uuid[])
     on conflict do nothing`,
    [roundId, userIds],
  );
}

/**
 * Drops the notifications a phase left unsent while no server runs, so that the next phase measures its
 * own work, not the backlog of the one before.
 */
export async function purgePendingJobs(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query('delete from jobs where completed_at is null and failed_at is null');
  return rowCount ?? 0;
}

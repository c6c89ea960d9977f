import type pg from 'pg';
import { hashPassword } from '../../src/server/security/passwords';
import { addFollowers, type BenchUser, insertSessions, insertUsers } from './bench-db';
import { type Api, mapLimit } from './http-client';
import { progress } from './stats';

export const PASSWORD = 'bench-password-123';
export const STARTING_PRICE = 3_000_000;

export interface Sizes {
  subscribers: number;
  stormBidders: number;
  mailFollowers: number;
  /** Followers of the round of the notification storm (taken from the mail round's followers). */
  notifyFollowers: number;
  /** Open rounds in the list the read figure fetches, the four measured rounds included. */
  openRounds: number;
}

export interface Fixture {
  owner: BenchUser;
  reader: { user: BenchUser; cookie: string };
  storm: { roundId: string; cookies: string[]; ownerCookie: string };
  mail: { roundId: string; bidder: BenchUser; bidderCookie: string; followers: BenchUser[] };
  notify: { roundId: string; followers: number };
  live: { roundId: string; bidderCookies: string[]; subscriberCookies: string[] };
}

/**
 * Users straight into the database (one argon2 hash shared by all). The bidders, the owner and the reader
 * log in through the API; the subscribers' and followers' sessions and follows are written directly, as
 * 2,000 logins would cost minutes of argon2. Rounds are created through the API, as an owner would.
 */
export async function seed(pool: pg.Pool, api: Api, secret: string, sizes: Sizes): Promise<Fixture> {
  const hash = await hashPassword(PASSWORD);
  const [owner] = await insertUsers(pool, 'owner', 1, hash);
  const [reader] = await insertUsers(pool, 'reader', 1, hash);
  const [mailBidder] = await insertUsers(pool, 'mail-bidder', 1, hash);
  const stormBidders = await insertUsers(pool, 'storm-bidder', sizes.stormBidders, hash);
  const liveBidders = await insertUsers(pool, 'live-bidder', 2, hash);
  const followers = await insertUsers(pool, 'follower', sizes.mailFollowers, hash);
  const subscribers = await insertUsers(pool, 'subscriber', sizes.subscribers, hash);
  if (!owner || !reader || !mailBidder) throw new Error('seeding users failed');
  progress(`${5 + sizes.stormBidders + sizes.mailFollowers + sizes.subscribers} users inserted`);

  // Two at a time: each login is an argon2 verify (19 MiB) on the server's two cores.
  const loginUsers = [owner, reader, mailBidder, ...stormBidders, ...liveBidders];
  const cookies = await mapLimit(loginUsers, 2, (user) => api.login(user.email, PASSWORD));
  const cookieOf = (user: BenchUser) => cookies[loginUsers.indexOf(user)] as string;
  progress(`${loginUsers.length} users logged in through POST /api/auth/login`);

  const ownerCookie = cookieOf(owner);
  const createRound = async (title: string) => {
    const answer = await api.expect(201, 'POST', '/api/bid-round', {
      cookie: ownerCookie,
      body: {
        title,
        address: 'Benkeveien 1, 0001 Oslo',
        description: 'Opprettet av npm run bench.',
        startingPrice: STARTING_PRICE,
        deadline: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
        size: 80,
        rooms: 3,
        buildYear: 1990,
      },
    });
    const id: unknown = answer.body?.id;
    if (typeof id !== 'string') throw new Error('POST /api/bid-round answered without an id');
    return id;
  };
  const stormRound = await createRound('Bench: budstorm');
  const mailRound = await createRound('Bench: e-post');
  const liveRound = await createRound('Bench: direkte');
  const notifyRound = await createRound('Bench: varsler');
  const fillers: string[] = [];
  for (let i = 5; i <= sizes.openRounds; i++) fillers.push(await createRound(`Bench: runde ${i}`));
  // A few bids on the other rounds, some of them the reader's, so that the list it reads is not all empty.
  const bidDeadline = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  await mapLimit(fillers, 4, async (roundId) => {
    const k = fillers.indexOf(roundId);
    const bidders = [stormBidders[k % stormBidders.length], stormBidders[(k + 1) % stormBidders.length]];
    if (k % 4 === 0) bidders.push(reader);
    for (const [j, bidder] of bidders.entries()) {
      if (!bidder) continue;
      await api.expect(201, 'POST', '/api/bids', {
        cookie: cookieOf(bidder),
        body: { bidRoundId: roundId, amount: STARTING_PRICE + (j + 1) * 10_000, bidDeadline },
      });
    }
  });

  await addFollowers(
    pool,
    mailRound,
    followers.map((f) => f.id),
  );
  const notifyFollowers = followers.slice(0, sizes.notifyFollowers);
  // A phone for them and the owner, so that the notification storm shows its SMS (the round has SMS on).
  await pool.query('update users set phone = $2 where id = any($1::uuid[])', [
    [owner.id, ...notifyFollowers.map((f) => f.id)],
    '+47 41234567',
  ]);
  await addFollowers(
    pool,
    notifyRound,
    notifyFollowers.map((f) => f.id),
  );
  // The subscribers follow the round they watch: they get the participants' view, as bidders would.
  await addFollowers(
    pool,
    liveRound,
    subscribers.map((s) => s.id),
  );
  const subscriberCookies = await insertSessions(
    pool,
    subscribers.map((s) => s.id),
    secret,
  );
  await checkSession(api, subscriberCookies[0], subscribers[0]);
  progress(`${sizes.openRounds} rounds, ${subscriberCookies.length} sessions and the follows in place`);

  return {
    owner,
    reader: { user: reader, cookie: cookieOf(reader) },
    storm: { roundId: stormRound, cookies: stormBidders.map(cookieOf), ownerCookie },
    mail: { roundId: mailRound, bidder: mailBidder, bidderCookie: cookieOf(mailBidder), followers },
    notify: { roundId: notifyRound, followers: notifyFollowers.length },
    live: { roundId: liveRound, bidderCookies: liveBidders.map(cookieOf), subscriberCookies },
  };
}

/** One directly written session must work before 2,000 of them are relied on. */
async function checkSession(api: Api, cookie: string | undefined, user: BenchUser | undefined) {
  if (!cookie || !user) return;
  const answer = await api.request('GET', '/api/auth/user', { cookie });
  if (answer.status !== 200 || answer.body?.email !== user.email) {
    throw new Error(
      `a session written into the database is not accepted: GET /api/auth/user answered ${answer.status}`,
    );
  }
}

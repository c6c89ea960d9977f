import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { aChainLink } from '../../../../tests/setup/chain-link';
import { createRoundAs, inHours, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidJournals, bidRounds, bids } from '../../db/schema';
import { ensureAdmin } from '../accounts/accounts.service';
import { closeExpiredRounds } from './round-lifecycle.service';

let t: TestApp;
let owner: string;
let kari: string;
let ola: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie' });
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari' });
  ola = await signUp(t, 'ola@example.no', { firstName: 'Ola', phoneNumber: '92345678' });
  await ensureAdmin(t.deps.db, 'admin@example.no', 'adminpass');
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.no', password: 'adminpass' },
  });
  admin = String(res.headers['set-cookie']).split(';')[0] ?? '';
});
afterAll(() => t.close());

const put = (cookie: string, url: string, payload?: unknown) =>
  t.request({ method: 'PUT', url, cookie, payload: payload as never });
const journalsOf = async (roundId: string) =>
  t.deps.db.select().from(bidJournals).where(eq(bidJournals.bidRoundId, roundId));
const roundRow = async (id: string) =>
  (await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, id)))[0];

describe('closing a round', () => {
  it('only the owner or an admin may close; it happens exactly once, with one journal per participant', async () => {
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_000_000);
    await placeBidOk(t, ola, round.id, 4_100_000);
    expect((await put(kari, `/api/bid-rounds/${round.id}/close`)).statusCode).toBe(403);

    const res = await put(owner, `/api/bid-rounds/${round.id}/close`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Budrunde lukket');
    expect(res.json().bids.map((e: { bidderName: string }) => e.bidderName)).toEqual([
      'Ola Nordmann',
      'Kari Nordmann',
    ]);
    expect(await roundRow(round.id)).toMatchObject({ isClosed: true, closeReason: 'closed' });
    expect(await journalsOf(round.id)).toHaveLength(3);

    const again = await put(admin, `/api/bid-rounds/${round.id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Budrunden er allerede lukket');
    expect(await journalsOf(round.id)).toHaveLength(3);
  });

  it('an admin may close any round; unknown rounds are 404', async () => {
    const round = await createRoundAs(t, owner);
    expect((await put(admin, `/api/bid-rounds/${round.id}/close`)).statusCode).toBe(200);
    expect((await put(admin, '/api/bid-rounds/00000000-0000-4000-8000-000000000000/close')).statusCode).toBe(
      404,
    );
  });

  it('the sweep closes rounds past their deadline by itself, once, with journals and messages', async () => {
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_000_000);
    // The bid's messages are queued after its commit, by the worker, well before the round ends.
    await t.runJobs();
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(bidRounds.id, round.id));
    expect(await closeExpiredRounds(t.deps)).toBe(1);
    expect(await closeExpiredRounds(t.deps)).toBe(0);
    expect(await roundRow(round.id)).toMatchObject({
      isClosed: true,
      closeReason: 'deadline',
      closedBy: null,
    });
    expect(await journalsOf(round.id)).toHaveLength(2);
    await t.runJobs();
    const mails = await t.mails('kari@example.no');
    expect(mails.at(-1)?.subject).toBe('Budjournalen for Koselig enebolig er klar');
  });
});

describe('selecting a winner', () => {
  it('closes the round with the winning bid, and mails the winner, the others and the owner', async () => {
    const round = await createRoundAs(t, owner, { title: 'Vinnerhuset' });
    const low = await placeBidOk(t, kari, round.id, 4_000_000);
    await placeBidOk(t, ola, round.id, 4_100_000);
    await t.runJobs();
    expect((await put(kari, `/api/bid-rounds/${round.id}/select-winner/${low.id}`)).statusCode).toBe(403);

    // The seller may accept any live bid, not only the highest.
    const res = await put(owner, `/api/bid-rounds/${round.id}/select-winner/${low.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Vinner valgt',
      winner: { bidderName: 'Kari Nordmann', amount: 4_000_000 },
      ...aChainLink(),
    });
    expect(await roundRow(round.id)).toMatchObject({
      isClosed: true,
      closeReason: 'winner',
      winningBidId: low.id,
    });
    expect((await put(owner, `/api/bid-rounds/${round.id}/select-winner/${low.id}`)).statusCode).toBe(409);

    await t.runJobs();
    expect((await t.mails('kari@example.no')).at(-1)?.subject).toBe('Budet ditt på Vinnerhuset er akseptert');
    expect((await t.mails('ola@example.no')).at(-1)?.subject).toBe('Budrunden for Vinnerhuset er avgjort');
    expect((await t.mails('selger@example.no')).at(-1)?.subject).toBe(
      'Du har akseptert et bud på Vinnerhuset',
    );
  });

  it('refuses a bid whose acceptance deadline has passed, a bid from another round, and a round past its deadline', async () => {
    const round = await createRoundAs(t, owner);
    const bid = await placeBidOk(t, kari, round.id, 4_000_000, { bidDeadline: inHours(1) });
    await t.deps.db
      .update(bids)
      .set({ bidDeadline: new Date(Date.now() - 1000) })
      .where(eq(bids.id, bid.id));
    const expired = await put(owner, `/api/bid-rounds/${round.id}/select-winner/${bid.id}`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/^Akseptfristen for dette budet har gått ut/);

    const other = await createRoundAs(t, owner);
    const foreign = await placeBidOk(t, ola, other.id, 4_000_000);
    expect((await put(owner, `/api/bid-rounds/${round.id}/select-winner/${foreign.id}`)).statusCode).toBe(
      404,
    );

    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(bidRounds.id, other.id));
    expect((await put(owner, `/api/bid-rounds/${other.id}/select-winner/${foreign.id}`)).statusCode).toBe(
      409,
    );
    expect(await roundRow(round.id)).toMatchObject({ isClosed: false });
  });
});

describe('starting price, SMS setting, following', () => {
  it('the owner may change the starting price while open, never above the highest bid', async () => {
    const round = await createRoundAs(t, owner);
    const url = `/api/bid-rounds/${round.id}/starting-bid`;
    expect((await put(owner, url, { newStartingBid: 3_500_000 })).json()).toEqual({
      newStartingBid: 3_500_000,
      ...aChainLink(),
    });
    expect((await put(kari, url, { newStartingBid: 3_000_000 })).statusCode).toBe(403);
    const invalid = await put(owner, url, { newStartingBid: 0 });
    expect(invalid.json().errors[0]).toEqual({ path: 'newStartingBid', message: 'Ugyldig beløp' });
    await placeBidOk(t, kari, round.id, 3_600_000);
    const above = await put(owner, url, { newStartingBid: 3_700_000 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe('Startprisen kan ikke være høyere enn det høyeste budet');
    expect((await put(admin, url, { newStartingBid: 3_600_000 })).statusCode).toBe(200);
    await put(owner, `/api/bid-rounds/${round.id}/close`);
    expect((await put(owner, url, { newStartingBid: 3_000_000 })).statusCode).toBe(409);
  });

  it('the owner turns SMS on and off; SMS go to the owner and followers with phones only while it is on', async () => {
    const round = await createRoundAs(t, owner);
    const url = `/api/bid-rounds/${round.id}/sms-notifications`;
    expect((await put(kari, url, { enabled: false })).statusCode).toBe(403);
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: ola });
    await t.runJobs();
    const before = t.sms.sent.length;
    await placeBidOk(t, kari, round.id, 4_000_000);
    await t.runJobs();
    const sent = t.sms.sent.slice(before);
    expect(sent.map((s) => s.to).sort()).toEqual(['+47 41234567', '+47 92345678']);
    expect(sent[0]?.text).toContain('4 000 000 kr');
    expect(sent.every((s) => !s.text.includes('Kari'))).toBe(true);

    expect((await put(owner, url, { enabled: false })).json()).toEqual({ enabled: false });
    await placeBidOk(t, ola, round.id, 4_100_000);
    await t.runJobs();
    expect(t.sms.sent.length).toBe(before + 2);
  });

  it('follow and unfollow; the owner cannot follow their own round; followers are the owner’s to see', async () => {
    const round = await createRoundAs(t, owner);
    const base = `/api/bid-rounds/${round.id}`;
    const status = async (cookie: string) =>
      (await t.request({ method: 'GET', url: `${base}/follow/status`, cookie })).json();
    expect(await status(kari)).toEqual({ isFollowing: false });
    expect((await t.request({ method: 'POST', url: `${base}/follow`, cookie: kari })).json()).toEqual({
      isFollowing: true,
    });
    expect((await t.request({ method: 'POST', url: `${base}/follow`, cookie: kari })).statusCode).toBe(200);
    expect(await status(kari)).toEqual({ isFollowing: true });
    const followers = await t.request({ method: 'GET', url: `${base}/followers`, cookie: owner });
    expect(followers.json()).toHaveLength(1);
    expect(followers.json()[0].user).toEqual({
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@example.no',
    });
    expect((await t.request({ method: 'GET', url: `${base}/followers`, cookie: kari })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${base}/follow`, cookie: kari })).json()).toEqual({
      isFollowing: false,
    });
    const ownFollow = await t.request({ method: 'POST', url: `${base}/follow`, cookie: owner });
    expect(ownFollow.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `${base}/follow` })).statusCode).toBe(401);
  });

  it('each new bid mails the owner and followers, never naming the bidder, and the bidder gets a receipt', async () => {
    const round = await createRoundAs(t, owner, { title: 'Kvitteringshuset' });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: ola });
    await t.runJobs();
    const bid = await placeBidOk(t, kari, round.id, 4_350_000, { conditions: 'Salg av egen bolig' });
    await t.runJobs();
    const receipt = (await t.mails('kari@example.no')).at(-1);
    expect(receipt?.subject).toBe('Kvittering for bud på Kvitteringshuset');
    expect(receipt?.text).toContain('4 350 000 kr (fire millioner tre hundre og femti tusen kroner)');
    expect(receipt?.text).toContain('Salg av egen bolig');
    expect(receipt?.text).toContain(`Bud-ID: ${bid.id}`);
    for (const to of ['selger@example.no', 'ola@example.no']) {
      const mail = (await t.mails(to)).at(-1);
      expect(mail?.subject).toBe('Nytt bud på Kvitteringshuset: 4 350 000 kr');
      expect(`${mail?.text}${mail?.html}`).not.toMatch(/Kari|kari@example/);
    }
  });
});

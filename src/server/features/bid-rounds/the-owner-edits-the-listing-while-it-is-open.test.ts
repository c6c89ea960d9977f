import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { rejectionHelpers } from '../../../../tests/setup/rejections';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { roundChanges } from '../../db/listing-schema';
import { bidRounds } from '../../db/schema';

// Decision 046: PATCH /api/bid-rounds/{id} edits the title, address and description of an open
// round, for its owner (admins: an-admin-edit-is-recorded-as-the-admins.test.ts). Each field that really
// changed is one row in the round's change log, which every round view shows as `changes`.

let t: TestApp;
let h: ReturnType<typeof rejectionHelpers>;
let owner: { cookie: string };
let bidder: { cookie: string };
let stranger: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = rejectionHelpers(t);
  owner = await h.person('Selma');
  bidder = await h.person('Arne');
  stranger = await h.person('Sigve');
});
afterAll(() => t.close());

const patch = (roundId: string, payload: unknown, cookie?: string) =>
  t.request({
    method: 'PATCH',
    url: `/api/bid-rounds/${roundId}`,
    payload: payload as never,
    ...(cookie ? { cookie } : {}),
  });
const view = async (roundId: string, cookie: string) => (await h.round(roundId, cookie)) as BidRoundView;
const logOf = (roundId: string) =>
  t.deps.db
    .select()
    .from(roundChanges)
    .where(eq(roundChanges.bidRoundId, roundId))
    .orderBy(asc(roundChanges.madeAt));
const kindsOf = async (roundId: string) => (await logOf(roundId)).map((c) => c.kind).sort();
const newRound = () =>
  createRoundAs(t, owner.cookie, {
    title: 'Gamle tittel',
    address: 'Gamleveien 1, Oslo',
    description: 'Gammel beskrivelse.',
  });

describe('the owner edits an open round', () => {
  it('changes the fields sent, answers with the round, and logs one change per field', async () => {
    const round = await newRound();
    const res = await patch(
      round.id,
      { title: '  Ny tittel  ', description: 'Ny beskrivelse med nytt bad.' },
      owner.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as BidRoundView;
    expect(answered).toMatchObject({ id: round.id, isOwner: true });
    expect(answered.property).toMatchObject({
      title: 'Ny tittel',
      address: 'Gamleveien 1, Oslo',
      description: 'Ny beskrivelse med nytt bad.',
    });
    expect(answered.changes.map((c) => c.kind).sort()).toEqual(['description', 'title']);
    expect(await kindsOf(round.id)).toEqual(['description', 'title']);
    expect((await logOf(round.id)).every((c) => !c.byAdmin && !c.bidsStood)).toBe(true);
  });

  it('records nothing for a field sent unchanged, and only the one that changed', async () => {
    const round = await newRound();
    const same = await patch(
      round.id,
      { title: 'Gamle tittel', address: ' Gamleveien 1, Oslo ', description: 'Gammel beskrivelse.' },
      owner.cookie,
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().changes).toEqual([]);
    expect(await logOf(round.id)).toEqual([]);

    const address = await patch(
      round.id,
      { title: 'Gamle tittel', address: 'Nyveien 2, Oslo' },
      owner.cookie,
    );
    expect(address.json().property.address).toBe('Nyveien 2, Oslo');
    expect(await kindsOf(round.id)).toEqual(['address']);
  });

  it('removes the description with null or an empty text, once', async () => {
    const round = await newRound();
    const cleared = await patch(round.id, { description: '' }, owner.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().property.description).toBeNull();
    expect((await patch(round.id, { description: null }, owner.cookie)).statusCode).toBe(200);
    expect(await kindsOf(round.id)).toEqual(['description']);
  });

  it('the facts too: size, rooms, build year and floor, each its own change; null or an empty floor removes one', async () => {
    const round = await createRoundAs(t, owner.cookie, { size: 74, rooms: 3, buildYear: 1898, floor: '2' });
    const res = await patch(round.id, { size: 80, rooms: null, buildYear: 1898, floor: '' }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BidRoundView).property).toMatchObject({
      size: 80,
      rooms: null,
      buildYear: 1898,
      floor: null,
    });
    expect(await kindsOf(round.id)).toEqual(['floor', 'rooms', 'size']);
    const bad = await patch(round.id, { rooms: -1 }, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'rooms', message: expect.any(String) });
  });

  it('every signed-in reader sees the changes with when, what and by whom', async () => {
    const round = await newRound();
    await patch(round.id, { description: 'Oppdatert.' }, owner.cookie);
    const seen = await view(round.id, bidder.cookie);
    expect(seen.property.description).toBe('Oppdatert.');
    expect(seen.changes).toEqual([{ at: expect.any(String), kind: 'description', byAdmin: false }]);
    const [row] = await logOf(round.id);
    expect(seen.changes[0]?.at).toBe(row?.madeAt.toISOString());
  });

  it('logs whether live bids stood, for the budjournal', async () => {
    const round = await newRound();
    await patch(round.id, { title: 'Før budet' }, owner.cookie);
    await placeBidOk(t, bidder.cookie, round.id, 4_100_000);
    await patch(round.id, { title: 'Etter budet' }, owner.cookie);
    expect((await logOf(round.id)).map((c) => c.bidsStood)).toEqual([false, true]);
  });

  it('a new starting price is a change too', async () => {
    const round = await newRound();
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/starting-bid`,
      cookie: owner.cookie,
      payload: { newStartingBid: 3_900_000 },
    });
    expect(res.statusCode).toBe(200);
    expect((await view(round.id, bidder.cookie)).changes.map((c) => c.kind)).toEqual(['starting-price']);
  });
});

describe('bad input: 400 with the create form’s messages, and nothing changed', () => {
  let round: BidRoundView;
  beforeAll(async () => {
    round = await newRound();
  });

  it.each([
    ['an empty title', { title: '   ' }, 'title', 'Tittel er påkrevd'],
    ['a title too long', { title: 'x'.repeat(201) }, 'title', 'Tittelen kan ha høyst 200 tegn'],
    ['an empty address', { address: '' }, 'address', 'Adresse er påkrevd'],
    ['an address too long', { address: 'x'.repeat(301) }, 'address', 'Adressen kan ha høyst 300 tegn'],
    [
      'a description too long',
      { description: 'x'.repeat(5001) },
      'description',
      'Beskrivelsen kan ha høyst 5000 tegn',
    ],
  ])('%s', async (_name, body, path, message) => {
    const res = await patch(round.id, body, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('a body with no field to edit', async () => {
    const res = await patch(round.id, {}, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Oppgi minst én av tittel, adresse og beskrivelse');
  });

  it('a field it does not take, such as the starting price, is refused rather than dropped', async () => {
    const res = await patch(round.id, { description: 'Ny.', startingPrice: 1 }, owner.cookie);
    expect(res.statusCode).toBe(400);
  });

  it('left the round as it was', async () => {
    const after = await view(round.id, owner.cookie);
    expect(after.property).toMatchObject({
      title: 'Gamle tittel',
      address: 'Gamleveien 1, Oslo',
      description: 'Gammel beskrivelse.',
      price: round.property.price,
    });
    expect(after.changes).toEqual([]);
  });
});

describe('who may edit, and when', () => {
  it('a visitor 401, another user 403, an unknown round 404, a bad id 400; nothing changed', async () => {
    const round = await newRound();
    expect((await patch(round.id, { title: 'Kapret' })).statusCode).toBe(401);
    for (const cookie of [stranger.cookie, bidder.cookie]) {
      const res = await patch(round.id, { title: 'Kapret' }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Bare selgeren eller en administrator kan gjøre dette');
    }
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { title: 'X' }, owner.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await patch('ikke-en-id', { title: 'X' }, owner.cookie)).statusCode).toBe(400);
    expect((await view(round.id, owner.cookie)).property.title).toBe('Gamle tittel');
    expect(await logOf(round.id)).toEqual([]);
  });

  it('a closed round, or one past its deadline, answers 409 and keeps its text', async () => {
    const closed = await newRound();
    expect((await h.round(closed.id, owner.cookie)).isClosed).toBe(false);
    const close = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${closed.id}/close`,
      cookie: owner.cookie,
    });
    expect(close.statusCode).toBe(200);
    const expired = await newRound();
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: sql`clock_timestamp() - interval '1 minute'` })
      .where(eq(bidRounds.id, expired.id));
    const admin = await signInAdmin(t);
    for (const round of [closed, expired]) {
      for (const cookie of [owner.cookie, admin.cookie]) {
        const res = await patch(round.id, { description: 'For sent.' }, cookie);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Budrunden er allerede lukket');
      }
      expect((await view(round.id, owner.cookie)).property.description).toBe('Gammel beskrivelse.');
      expect(await logOf(round.id)).toEqual([]);
    }
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { journalOf } from '../../../../tests/setup/journal-acts';
import { rejectionHelpers } from '../../../../tests/setup/rejections';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { roundChanges } from '../../db/listing-schema';
import { bids } from '../../db/schema';

// Decision 054: the listing under binding bids. A bidder bound themself to the listing as it stood, so while a
// live bid stands the address cannot change (409), and every other change to the listing keeps its old and
// its new value: on the round page's 'Endringer', in every participant's budjournal, and in an e-mail to each
// bidder whose bid is live, 'Endring i budrunden: {title}'. Before the first bid, an edit is what it was
// (decision 046): what and when, no old value.

const ADDRESS_LOCKED = 'Adressen kan ikke endres etter at det er lagt inn bud';

let t: TestApp;
let h: ReturnType<typeof rejectionHelpers>;
type Person = Awaited<ReturnType<ReturnType<typeof rejectionHelpers>['person']>>;
let owner: Person;
let arne: Person;
let berit: Person;
let cecilie: Person;

beforeAll(async () => {
  t = await createTestApp();
  h = rejectionHelpers(t);
  owner = await h.person('Selma');
  arne = await h.person('Arne');
  berit = await h.person('Berit');
  cecilie = await h.person('Cecilie');
});
afterAll(() => t.close());

const patch = (roundId: string, payload: Record<string, unknown>, cookie = owner.cookie) =>
  t.request({ method: 'PATCH', url: `/api/bid-rounds/${roundId}`, cookie, payload });
const patchOk = async (roundId: string, payload: Record<string, unknown>, cookie = owner.cookie) => {
  const res = await patch(roundId, payload, cookie);
  expect(res.statusCode, res.body).toBe(200);
  await t.runJobs();
  return res.json() as BidRoundView;
};
const view = async (roundId: string, cookie = arne.cookie) =>
  (await h.round(roundId, cookie)) as BidRoundView;
const logOf = (roundId: string) =>
  t.deps.db
    .select()
    .from(roundChanges)
    .where(eq(roundChanges.bidRoundId, roundId))
    .orderBy(asc(roundChanges.madeAt));
/** The change mails to one person about one round (the people bid in several rounds here). */
const changeMails = async (to: string, roundId: string) =>
  (await t.mails(to)).filter(
    (m) => m.subject.startsWith('Endring i budrunden') && m.text.includes(`/budrunder/${roundId}`),
  );
const newRound = (overrides: Record<string, unknown> = {}) =>
  createRoundAs(t, owner.cookie, {
    title: 'Gamle tittel',
    address: 'Gamleveien 1, 0150 Oslo',
    description: 'Gammel beskrivelse.',
    size: 74,
    rooms: 3,
    buildYear: 1898,
    floor: '2. etasje',
    ...overrides,
  });
/** The bid's acceptance deadline passes now: it binds no one any more. */
const lapse = (bidId: string) =>
  t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidId));
const rejectOk = async (roundId: string, bidId: string) => {
  const res = await h.reject(roundId, bidId, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
};

describe('the address cannot change once a live bid stands', () => {
  it('409 with the message, and nothing of the PATCH changes, not even a title sent with it', async () => {
    const round = await newRound();
    await placeBidOk(t, arne.cookie, round.id, 4_100_000);
    await t.runJobs();
    const mailsBefore = (await t.mails()).length;
    for (const payload of [
      { address: 'Nyveien 2, 0150 Oslo' },
      { title: 'Ny tittel', address: 'Nyveien 2, 0150 Oslo', description: 'Ny beskrivelse.', rooms: 5 },
    ]) {
      const res = await patch(round.id, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(ADDRESS_LOCKED);
      expect(res.json().errors).toEqual([{ path: 'address', message: ADDRESS_LOCKED }]);
    }
    const after = await view(round.id);
    expect(after.property).toMatchObject({
      title: 'Gamle tittel',
      address: 'Gamleveien 1, 0150 Oslo',
      description: 'Gammel beskrivelse.',
      rooms: 3,
    });
    expect(after.changes).toEqual([]);
    expect(await logOf(round.id)).toEqual([]);
    await t.runJobs();
    expect((await t.mails()).length).toBe(mailsBefore);
  });

  it('an administrator is refused the same way', async () => {
    const round = await newRound();
    await placeBidOk(t, arne.cookie, round.id, 4_100_000);
    const admin = await signInAdmin(t);
    const res = await patch(round.id, { address: 'Nyveien 2, 0150 Oslo' }, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADDRESS_LOCKED);
    expect((await view(round.id)).property.address).toBe('Gamleveien 1, 0150 Oslo');
  });

  it('the same address sent again is no change: the rest of the PATCH is saved', async () => {
    const round = await newRound();
    await placeBidOk(t, arne.cookie, round.id, 4_100_000);
    const saved = await patchOk(round.id, { title: 'Ny tittel', address: ' Gamleveien 1, 0150 Oslo ' });
    expect(saved.property).toMatchObject({ title: 'Ny tittel', address: 'Gamleveien 1, 0150 Oslo' });
    expect(saved.changes.map((c) => c.kind)).toEqual(['title']);
  });

  // The same refusal for a bid committed while the edit waits for the round's lock: see
  // tests/faults/an-address-edit-waits-for-a-bid-under-the-lock.test.ts (PostgreSQL only).

  it('with no bid, the address may change', async () => {
    const round = await newRound();
    const saved = await patchOk(round.id, { address: 'Nyveien 2, 0150 Oslo' });
    expect(saved.property.address).toBe('Nyveien 2, 0150 Oslo');
  });

  it('with only a lapsed bid, or only a rejected one, the address may change', async () => {
    const lapsed = await newRound();
    await lapse((await placeBidOk(t, arne.cookie, lapsed.id, 4_100_000)).id);
    const rejected = await newRound();
    await rejectOk(rejected.id, (await placeBidOk(t, berit.cookie, rejected.id, 4_100_000)).id);
    for (const round of [lapsed, rejected]) {
      const saved = await patchOk(round.id, { address: 'Nyveien 2, 0150 Oslo' });
      expect(saved.property.address).toBe('Nyveien 2, 0150 Oslo');
      expect(saved.changes).toEqual([{ at: expect.any(String), kind: 'address', byAdmin: false }]);
    }
  });
});

describe('a change while bids stand keeps the old and the new value', () => {
  let roundId: string;

  beforeAll(async () => {
    roundId = (await newRound()).id;
    // Cecilie's bid lapses and Berit's is rejected: of the three, only Arne's is live.
    const cecilies = await placeBidOk(t, cecilie.cookie, roundId, 4_000_000);
    const berits = await placeBidOk(t, berit.cookie, roundId, 4_100_000);
    await placeBidOk(t, arne.cookie, roundId, 4_200_000);
    await lapse(cecilies.id);
    await rejectOk(roundId, berits.id);
    await t.runJobs();
    await patchOk(roundId, { title: 'Ny tittel' });
  });

  it('the round page’s Endringer shows the title’s old and new value', async () => {
    for (const cookie of [arne.cookie, cecilie.cookie, owner.cookie]) {
      expect((await view(roundId, cookie)).changes).toEqual([
        {
          at: expect.any(String),
          kind: 'title',
          byAdmin: false,
          oldValue: 'Gamle tittel',
          newValue: 'Ny tittel',
        },
      ]);
    }
  });

  it('the bidder with a live bid gets one e-mail under the new title, naming the old and the new', async () => {
    const mails = await changeMails(arne.email, roundId);
    expect(mails.map((m) => m.subject)).toEqual(['Endring i budrunden: Ny tittel']);
    expect(mails[0]?.text).toContain('Tittelen er endret fra «Gamle tittel» til «Ny tittel».');
    expect(mails[0]?.html).toContain('Tittelen er endret fra «Gamle tittel» til «Ny tittel».');
    expect(mails[0]?.text).toContain(`/budrunder/${roundId}`);
  });

  it('not the owner, nor a bidder whose bid lapsed or was rejected', async () => {
    for (const person of [owner, berit, cecilie])
      expect(await changeMails(person.email, roundId)).toEqual([]);
  });

  it('the description and the facts too, each from its old to its new value', async () => {
    const saved = await patchOk(roundId, {
      description: 'Nytt bad i 2025.',
      size: 80,
      rooms: 4,
      buildYear: 1900,
      floor: '',
    });
    expect(saved.property).toMatchObject({
      description: 'Nytt bad i 2025.',
      size: 80,
      rooms: 4,
      buildYear: 1900,
      floor: null,
    });
    expect(saved.changes.slice(1).map(({ kind, oldValue, newValue }) => [kind, oldValue, newValue])).toEqual([
      ['description', 'Gammel beskrivelse.', 'Nytt bad i 2025.'],
      ['size', 74, 80],
      ['rooms', 3, 4],
      ['build-year', 1898, 1900],
      ['floor', '2. etasje', null],
    ]);
    const mails = await changeMails(arne.email, roundId);
    expect(mails.map((m) => m.subject)).toEqual([
      'Endring i budrunden: Ny tittel',
      'Endring i budrunden: Ny tittel',
    ]);
    for (const line of [
      'Beskrivelsen er endret fra «Gammel beskrivelse.» til «Nytt bad i 2025.».',
      'Størrelsen er endret fra 74 m² til 80 m².',
      'Antall rom er endret fra 3 til 4.',
      'Byggeåret er endret fra 1898 til 1900.',
      'Etasjen er endret fra «2. etasje» til (ikke oppgitt).',
    ])
      expect(mails[1]?.text).toContain(line);
    expect(await changeMails(owner.email, roundId)).toEqual([]);
    // Cecilie still follows the round (a bid follows it): she hears of the description, as every follower
    // does (decision 046), and of nothing else, since her bid no longer binds her.
    const followerMails = await changeMails(cecilie.email, roundId);
    expect(followerMails).toHaveLength(1);
    expect(followerMails[0]?.text).toContain('Beskrivelsen er endret fra');
    expect(followerMails[0]?.text).not.toContain('Størrelsen');
  });

  it('a new starting price is told with both prices', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/starting-bid`,
      cookie: owner.cookie,
      payload: { newStartingBid: 3_900_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.runJobs();
    const last = (await view(roundId)).changes.at(-1);
    expect(last).toMatchObject({ kind: 'starting-price', oldValue: 4_000_000, newValue: 3_900_000 });
    const mails = await changeMails(arne.email, roundId);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.text).toContain('Startprisen er endret fra 4 000 000 kr til 3 900 000 kr.');
    expect(await changeMails(owner.email, roundId)).toEqual([]);
  });

  it('every participant’s budjournal keeps each change with its old and new value', async () => {
    const close = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/close`,
      cookie: owner.cookie,
    });
    expect(close.statusCode, close.body).toBe(200);
    for (const reader of [owner, arne, berit, cecilie]) {
      const { changes } = await journalOf(t, roundId, reader.cookie);
      expect(changes.map((c) => c.kind)).toEqual([
        'title',
        'description',
        'size',
        'rooms',
        'build-year',
        'floor',
        'starting-price',
      ]);
      expect(changes[0]).toEqual({
        at: expect.any(String),
        kind: 'title',
        text: 'Tittelen er endret fra «Gamle tittel» til «Ny tittel»',
        oldValue: 'Gamle tittel',
        newValue: 'Ny tittel',
      });
      expect(changes[5]).toMatchObject({ oldValue: '2. etasje', newValue: null });
    }
    const csv = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${roundId}/journal/csv`,
      cookie: owner.cookie,
    });
    expect(csv.body).toContain('Endring i annonsen;Tittelen er endret fra «Gamle tittel» til «Ny tittel»');
  });
});

describe('before the first bid, an edit keeps no old value (decision 046)', () => {
  it('what and when only, and no e-mail for a new title or a fact', async () => {
    const round = await newRound();
    const saved = await patchOk(round.id, { title: 'Rettet tittel', rooms: 4 });
    expect((await t.mails()).filter((m) => m.text.includes(`/budrunder/${round.id}`))).toEqual([]);
    expect(saved.changes).toEqual([
      { at: expect.any(String), kind: 'title', byAdmin: false },
      { at: expect.any(String), kind: 'rooms', byAdmin: false },
    ]);
    expect((await logOf(round.id)).every((c) => c.valueChange === null)).toBe(true);
  });
});

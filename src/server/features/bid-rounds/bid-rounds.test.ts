import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createRoundSchema } from '../../../shared/schemas/bid-round';
import { bidRounds, properties } from '../../db/schema';
import { ValidationError } from '../../errors';
import { createUser } from '../accounts/accounts.service';
import { createRound } from './bid-rounds.service';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let ownerId: string;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const round = (overrides: Record<string, unknown> = {}) =>
  createRoundSchema.parse({
    title: 'Enebolig',
    address: 'Solveien 12, 1357 Bekkestua',
    startingPrice: 4_350_000,
    ...overrides,
  });

beforeAll(async () => {
  t = await createTestApp();
  ownerId = await createUser(
    t.deps.db,
    {
      email: 'selger@example.no',
      password: 'hemmelig1',
      firstName: 'Kari',
      lastName: 'Selger',
      phone: '+47 41234567',
    },
    { emailVerified: true },
  );
});
afterAll(() => t.close());

const listActive = async () => {
  const res = await t.request({ method: 'GET', url: '/api/bid-rounds/active' });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; property: Record<string, unknown> }[];
};

describe('GET /api/bid-rounds/active for a visitor', () => {
  let soonId: string;
  let laterId: string;

  beforeAll(async () => {
    laterId = await createRound(
      t.deps.db,
      ownerId,
      round({ title: 'Senere', deadline: inDays(9), imageUrl: 'property-images/a.jpg', size: 120, rooms: 5 }),
    );
    soonId = await createRound(t.deps.db, ownerId, round({ title: 'Snart', deadline: inDays(2) }));
    const closedId = await createRound(t.deps.db, ownerId, round({ title: 'Lukket', deadline: inDays(3) }));
    await t.deps.db
      .update(bidRounds)
      .set({ isClosed: true, closedAt: new Date() })
      .where(eq(bidRounds.id, closedId));
    const expiredId = await createRound(t.deps.db, ownerId, round({ title: 'Utløpt', deadline: inDays(1) }));
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(bidRounds.id, expiredId));
  });

  it('lists only open rounds before their deadline, soonest first', async () => {
    const list = await listActive();
    expect(list.map((r) => r.property.title)).toEqual(['Snart', 'Senere']);
    expect(list.map((r) => r.id)).toEqual([soonId, laterId]);
  });

  it('returns only public fields and the starting price: no bids, owner or contact details', async () => {
    const [, later] = await listActive();
    expect(Object.keys(later ?? {}).sort()).toEqual(
      [
        'createdAt',
        'deadline',
        'id',
        'isActive',
        'isClosed',
        'minimumBidDeadline',
        'property',
        // The listing's public parts (decisions 045 and 046): viewing times, what sets the shortest deadline,
        // what changed.
        'viewings',
        'minimumBidDeadlineReason',
        'changes',
      ].sort(),
    );
    expect(later?.property).toEqual({
      title: 'Senere',
      address: 'Solveien 12, 1357 Bekkestua',
      description: null,
      imageUrl: '/objects/property-images/a.jpg',
      imageUrls: ['/objects/property-images/a.jpg'],
      prospectus: null,
      size: 120,
      rooms: 5,
      buildYear: null,
      floor: null,
      // The asking price, public in every Norwegian listing; the bids stay for signed-in users.
      price: 4_350_000,
    });
    const body = JSON.stringify(await listActive());
    for (const secret of [
      ownerId,
      'selger@example.no',
      '41234567',
      'Kari',
      'highestBid',
      'bidCount',
      'owner',
    ]) {
      expect(body).not.toContain(secret);
    }
  });
});

describe('createRound', () => {
  it('defaults the deadline to 7 days ahead at 12:00 Oslo time and stores the starting price', async () => {
    const id = await createRound(t.deps.db, ownerId, round({ startingPrice: 10_000_000_000 }));
    const [row] = await t.deps.db
      .select({ deadline: bidRounds.deadline, price: properties.price, ownerId: properties.ownerId })
      .from(bidRounds)
      .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
      .where(eq(bidRounds.id, id));
    expect(row?.price).toBe(10_000_000_000);
    expect(row?.ownerId).toBe(ownerId);
    const oslo = new Intl.DateTimeFormat('nb-NO', {
      timeZone: 'Europe/Oslo',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(oslo.format(row?.deadline)).toBe('12:00');
    const days = ((row?.deadline.getTime() ?? 0) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);
  });

  it('refuses a deadline in the past, and a shortest bid deadline after the round deadline', async () => {
    await expect(createRound(t.deps.db, ownerId, round({ deadline: inDays(-1) }))).rejects.toThrow(
      ValidationError,
    );
    const parsed = createRoundSchema.safeParse({
      title: 'X',
      address: 'Y',
      startingPrice: 1,
      deadline: inDays(2),
      minimumBidDeadline: inDays(3),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Korteste akseptfrist kan ikke være etter budfristen for budrunden',
    );
  });

  it.each([
    [{ title: '' }, 'Tittel er påkrevd'],
    [{ address: '  ' }, 'Adresse er påkrevd'],
    [{ startingPrice: 0 }, 'Startpris må være større enn 0'],
    [{ startingPrice: -5 }, 'Startpris må være større enn 0'],
    [{ startingPrice: 10_000_000_001 }, 'Startpris kan ikke være høyere enn 10 000 000 000 kr'],
    [{ startingPrice: 1.5 }, 'Startpris må være et helt antall kroner'],
  ])('the schema refuses %o with “%s”', (overrides, message) => {
    const parsed = createRoundSchema.safeParse({
      title: 'Enebolig',
      address: 'Solveien 12',
      startingPrice: 100,
      ...overrides,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('the database itself refuses amounts outside 1..10 000 000 000 kr', async () => {
    const insert = (price: number) =>
      t.deps.db.insert(properties).values({ title: 'X', address: 'Y', price, ownerId });
    await expect(insert(10_000_000_001)).rejects.toThrow();
    await expect(insert(0)).rejects.toThrow();
  });
});

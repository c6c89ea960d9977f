import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { addViewingOk, signup } from '../../../../tests/setup/viewings';
import { getOsloParts, makeOsloDate } from '../../../shared/format/date';
import type { ViewingView } from '../../../shared/schemas/bid-round';
import { users } from '../../db/schema';
import type { PersonalDataExport } from './data-export.service';

let t: TestApp;
let seller: string;
let kari: string;
let ola: string;
let roundId: string;
let viewing: ViewingView;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// Everything that identifies the other two people; none of it may reach Kari's export.
const SELLER_DETAILS = ['Sofie', 'Selger', 'selger@example.no', '91111111'];
const OLA_DETAILS = ['Ola', 'Hansen', 'ola@example.no', '94444444', 'Olabanken'];

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t, 'selger@example.no', {
    firstName: 'Sofie',
    lastName: 'Selger',
    phoneNumber: '91111111',
  });
  kari = await signUp(t, 'kari@example.no', {
    firstName: 'Kari',
    lastName: 'Byder',
    phoneNumber: '93333333',
    bankName: 'Karibanken',
  });
  ola = await signUp(t, 'ola@example.no', {
    firstName: 'Ola',
    lastName: 'Hansen',
    phoneNumber: '94444444',
    bankName: 'Olabanken',
  });
  roundId = (await createRoundAs(t, seller, { title: 'Eksporthuset', address: 'Datagata 3, 0150 Oslo' })).id;
  const proof = await t.request({
    method: 'POST',
    url: '/api/financing-proofs',
    cookie: kari,
    headers: { 'content-type': 'application/pdf' },
    payload: pdf,
  });
  expect(proof.statusCode, proof.body).toBe(201);
  await placeBidOk(t, kari, roundId, 4_000_000, { financingProofId: proof.json().id });
  await placeBidOk(t, ola, roundId, 4_100_000, { conditions: 'Salg av egen bolig' });
  await placeBidOk(t, kari, roundId, 4_200_000, { conditions: 'Ingen forbehold' });
  // Kari signs up for a viewing tomorrow at noon, Oslo time (decision 045), after the
  // bids: the 12:00 rule would move their shortest acceptance deadline.
  const tomorrow = getOsloParts(new Date(Date.now() + 86_400_000));
  const at = (hour: number) =>
    makeOsloDate(tomorrow.year, tomorrow.month, tomorrow.day, hour, 0).toISOString();
  viewing = await addViewingOk(t, seller, roundId, { startsAt: at(12), endsAt: at(13) });
  expect((await signup(t, 'POST', kari, roundId, viewing.id)).statusCode).toBe(200);
  const closed = await t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: seller });
  expect(closed.statusCode).toBe(200);
  await t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'kari@example.no' },
  });
});
afterAll(() => t.close());

const exportOf = (cookie?: string) => t.request({ method: 'GET', url: '/api/users/me/export', cookie });

describe('GET /api/users/me/export', () => {
  it('is a JSON download that no cache keeps, for signed-in users only', async () => {
    const res = await exportOf(kari);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="budrunde-mine-data.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await exportOf()).statusCode).toBe(401);
  });

  it('holds the bidder’s profile, bids, follows, journal, reset request and proof metadata', async () => {
    const data = (await exportOf(kari)).json() as PersonalDataExport;
    expect(data.profile).toMatchObject({
      email: 'kari@example.no',
      firstName: 'Kari',
      lastName: 'Byder',
      bankName: 'Karibanken',
      emailVerified: true,
    });
    expect(data.profile.phone).toMatch(/93333333/);
    expect(data.bids.map((b) => [b.amount, b.conditions, b.property.title, b.property.address])).toEqual([
      [4_200_000, 'Ingen forbehold', 'Eksporthuset', 'Datagata 3, 0150 Oslo'],
      [4_000_000, null, 'Eksporthuset', 'Datagata 3, 0150 Oslo'],
    ]);
    expect(data.follows).toMatchObject([{ bidRoundId: roundId, property: { title: 'Eksporthuset' } }]);
    expect(data.journals).toHaveLength(1);
    expect(data.journals[0]?.isOwnerCopy).toBe(false);
    expect(data.journals[0]?.journalData.map((e) => e.bidderName)).toEqual(['Du', 'Budgiver B', 'Du']);
    expect(data.passwordResetRequests).toMatchObject([{ isCompleted: false, isApproved: false }]);
    expect(data.financingProofs).toMatchObject([
      { contentType: 'application/pdf', byteSize: pdf.length, bidId: data.bids[1]?.id },
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.ownRounds).toEqual([]);
    expect(data.viewingSignups).toEqual([{ roundId, startsAt: viewing.startsAt, endsAt: viewing.endsAt }]);
    expect((await exportOf(ola)).json().viewingSignups).toEqual([]);
  });

  it('holds no one else’s personal data, and no password hash or token', async () => {
    const body = (await exportOf(kari)).body;
    for (const detail of [...SELLER_DETAILS, ...OLA_DETAILS]) expect(body).not.toContain(detail);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'kari@example.no'));
    expect(body).not.toContain(row?.password);
    expect(body).not.toMatch(/"password"|Token"|storageKey|"sid"/);
    // Ola's own export is just as clean of Kari.
    const olas = (await exportOf(ola)).body;
    for (const detail of ['Kari', 'Byder', 'kari@example.no', '93333333', 'Karibanken'])
      expect(olas).not.toContain(detail);
  });

  it('gives the seller the round and the seller’s own journal copy, which names the bidders (§ 3-5)', async () => {
    const data = (await exportOf(seller)).json() as PersonalDataExport;
    expect(data.ownRounds).toMatchObject([
      { id: roundId, isClosed: true, property: { title: 'Eksporthuset', startingPrice: 4_000_000 } },
    ]);
    expect(data.bids).toEqual([]);
    const journal = data.journals[0];
    expect(journal?.isOwnerCopy).toBe(true);
    expect(journal?.journalData.map((e) => e.bidderName)).toEqual(['Kari Byder', 'Ola Hansen', 'Kari Byder']);
    expect(journal?.journalData[1]?.bidderEmail).toBe('ola@example.no');
  });
});

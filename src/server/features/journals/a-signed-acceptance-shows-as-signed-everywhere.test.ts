import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { bidBody, placeSignedBid } from '../../../../tests/setup/signing';
import type { SoftwareAuthenticator } from '../../../../tests/setup/software-authenticator';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';

// Decision 059: every act that was signed shows as signed, on the round page, in the journal, its CSV and
// its PDF; a bid placed by accepting a counter-offer is signed by the signed acceptance.

let t: TestApp;
let h: ReturnType<typeof actSigningHelpers>;
type Person = { cookie: string; key: SoftwareAuthenticator };
let selma: Person;
let ola: Person;
let berit: Person;
let accepted: { roundId: string; bidId: string };
let chosen: { roundId: string };

async function personWithPasskey(name: string): Promise<Person> {
  const { cookie } = await h.person(name);
  const key = newAuthenticator();
  await addPasskey(t, cookie, key, 'Mobilen');
  return { cookie, key };
}

async function signedBid(who: Person, roundId: string, amount: number): Promise<string> {
  const res = await placeSignedBid(t, who.cookie, who.key, bidBody(roundId, amount));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { bid: { id: string } }).bid.id;
}

// Everyone has a passkey and signs every act. In the first round Selma rejects Berit's bid, gives Ola a
// motbud of 5 700 000 kr, and Ola accepts it; in the second she chooses Berit's bid as the winner.
beforeAll(async () => {
  t = await createTestApp();
  h = actSigningHelpers(t);
  selma = await personWithPasskey('Selma');
  ola = await personWithPasskey('Ola');
  berit = await personWithPasskey('Berit');

  const first = await createRoundAs(t, selma.cookie, {
    title: 'Motbudhuset',
    address: 'Motbudveien 1, Oslo',
  });
  const beritsBid = await signedBid(berit, first.id, 5_400_000);
  const olasBid = await signedBid(ola, first.id, 5_500_000);
  const reject = {
    act: 'reject' as const,
    bidRoundId: first.id,
    bidId: beritsBid,
    rejection: { message: 'Nei takk.' },
  };
  expect((await h.performSigned(selma.cookie, selma.key, reject)).statusCode).toBe(200);
  const counterOffer = h.counterOfferBody(olasBid, 5_700_000);
  const made = await h.performSigned(selma.cookie, selma.key, {
    act: 'counter-offer',
    bidRoundId: first.id,
    counterOffer,
  });
  expect(made.statusCode, made.body).toBe(201);
  const counterOfferId = (made.json() as { counterOffer: { id: string } }).counterOffer.id;
  const accept = { act: 'accept-counter-offer' as const, counterOfferId };
  const answered = await h.performSigned(ola.cookie, ola.key, accept);
  expect(answered.statusCode, answered.body).toBe(200);
  accepted = { roundId: first.id, bidId: (answered.json() as { bid: { id: string } }).bid.id };

  const second = await createRoundAs(t, selma.cookie, {
    title: 'Vinnerhuset',
    address: 'Vinnerveien 2, Oslo',
  });
  const winning = await signedBid(berit, second.id, 4_000_000);
  const winner = { act: 'winner' as const, bidRoundId: second.id, bidId: winning };
  const won = await h.performSigned(selma.cookie, selma.key, winner);
  expect(won.statusCode, won.body).toBe(200);
  chosen = { roundId: second.id };
}, 60_000);
afterAll(() => t.close());

const get = async (url: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

async function journalOf(roundId: string, cookie: string): Promise<JournalView> {
  const journals = (await get('/api/user/bid-journals', cookie)).json() as JournalView[];
  const journal = journals.find((j) => j.bidRound.id === roundId);
  if (!journal) throw new Error('no journal');
  return journal;
}

const csvRows = async (roundId: string) =>
  (await get(`/api/bid-rounds/${roundId}/journal/csv`, selma.cookie)).body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));

describe('a bid placed by a signed acceptance', () => {
  it('shows as signed in the round page’s lists, the owner’s and the bidder’s own', async () => {
    const owners = (await get(`/api/owner/bid-rounds/${accepted.roundId}/bids`, selma.cookie)).json() as {
      id: string;
      isSigned: boolean;
    }[];
    expect(owners.find((b) => b.id === accepted.bidId)?.isSigned).toBe(true);
    const own = (await get('/api/user/bids', ola.cookie)).json() as { id: string; isSigned: boolean }[];
    expect(own.find((b) => b.id === accepted.bidId)?.isSigned).toBe(true);
  });

  it('is signed in every journal, and every act of the round that was signed says so', async () => {
    for (const cookie of [selma.cookie, ola.cookie, berit.cookie]) {
      const journal = await journalOf(accepted.roundId, cookie);
      expect(journal.journalData.find((e) => e.amount === 5_700_000)?.isSigned).toBe(true);
      expect(journal.journalData.every((e) => e.isSigned)).toBe(true);
      expect(journal.acts.map((a) => [a.kind, a.isSigned])).toEqual([
        ['Bud', true],
        ['Bud', true],
        ['Avslag', true],
        ['Motbud', true],
        ['Motbud akseptert', true],
        ['Budrunden lukket', null],
      ]);
    }
  });

  it('is ‘Ja’ in the CSV, on the bids, the rejection, the motbud and its acceptance; the close signs nothing', async () => {
    const rows = await csvRows(accepted.roundId);
    expect(rows.map((r) => [r[12], r.at(-5)])).toEqual([
      ['Bud', 'Ja'],
      ['Bud', 'Ja'],
      ['Avslag', 'Ja'],
      ['Motbud', 'Ja'],
      ['Motbud akseptert', 'Ja'],
      ['Budrunden lukket', ''],
    ]);
  });

  it('is ‘Ja’ in the PDF, whose legends say what is signed today', async () => {
    const text = pdfText(
      (await get(`/api/bid-rounds/${accepted.roundId}/journal.pdf`, ola.cookie)).rawPayload,
    );
    expect(text).toMatch(/Du 5 700 000 kr Vinner.* Ja/);
    expect(text).toMatch(/Motbud akseptert Du 5 700 000 kr .* Ja/);
    expect(text).not.toMatch(/ Nei$/m);
    expect(text).toContain('et bud som kom av et akseptert motbud, er signert når aksepten ble signert.');
    expect(text).toContain('bud, avslag, motbud, aksept av motbud og valg av vinner.');
    expect(text).not.toContain('andre hendelser signeres ikke');
  });
});

describe('the winner’s choice', () => {
  it('is signed in the journal, the CSV and the PDF', async () => {
    const journal = await journalOf(chosen.roundId, berit.cookie);
    expect(journal.acts.map((a) => [a.kind, a.isSigned])).toEqual([
      ['Bud', true],
      ['Vinner valgt', true],
      ['Budrunden lukket', null],
    ]);
    expect((await csvRows(chosen.roundId)).map((r) => [r[12], r.at(-5)])).toEqual([
      ['Bud', 'Ja'],
      ['Vinner valgt', 'Ja'],
      ['Budrunden lukket', ''],
    ]);
    const text = pdfText(
      (await get(`/api/bid-rounds/${chosen.roundId}/journal.pdf`, selma.cookie)).rawPayload,
    );
    expect(text).toMatch(/Vinner valgt Berit Test 4 000 000 kr .* Ja/);
  });
});

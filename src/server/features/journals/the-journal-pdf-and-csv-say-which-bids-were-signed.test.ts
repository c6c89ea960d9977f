import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { createRoundAs, inHours, placeBidOk } from '../../../../tests/setup/rounds';
import { sellerSignerAndBidder } from '../../../../tests/setup/signer-and-bidder';
import { bidBody, placeSignedBid } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatShortDateTime } from '../../../shared/format/date';
import type { JournalView } from '../../../shared/schemas/journal';

// Decisions 038, 039 and 059: the PDF marks every bid 'Ja' or 'Nei' in a 'Signert'
// column, with a legend in words, and the CSV has 'Signert' as its last column: 'Ja'/'Nei' on a bid's row,
// empty on the acts nothing signs.

let t: TestApp;
let owner: string;
let signer: string;
let ola: string;
let roundId: string;
const signedAt = { amount: 4_100_000, deadline: inHours(30) };

// Signe has a passkey and signs her bid; Ola has none and bids as before. The owner closes the round.
beforeAll(async () => {
  t = await createTestApp();
  const people = await sellerSignerAndBidder(t);
  ({ owner, signer, ola } = people);
  const { authenticator } = people;
  const round = await createRoundAs(t, owner, { title: 'Signaturhuset', address: 'Storgata 5, 0155 Oslo' });
  roundId = round.id;
  const signed = await placeSignedBid(
    t,
    signer,
    authenticator,
    bidBody(roundId, signedAt.amount, { bidDeadline: signedAt.deadline }),
  );
  expect(signed.statusCode, signed.body).toBe(201);
  await placeBidOk(t, ola, roundId, 4_200_000);
  const closed = await t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: owner });
  expect(closed.statusCode, closed.body).toBe(200);
}, 30_000);
afterAll(() => t.close());

const download = async (url: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const pdfOf = async (cookie: string) =>
  pdfText((await download(`/api/bid-rounds/${roundId}/journal.pdf`, cookie)).rawPayload);

async function journalOf(cookie: string): Promise<JournalView> {
  const journals = (await download('/api/user/bid-journals', cookie)).json() as JournalView[];
  const journal = journals.find((j) => j.bidRound.id === roundId);
  if (!journal) throw new Error('no journal');
  return journal;
}

describe('signed and unsigned bids in the budjournal', () => {
  it('the owner’s PDF marks the signed bid ‘Ja’ and the unsigned ‘Nei’, in both tables, with a legend', async () => {
    const text = await pdfOf(owner);
    const journal = await journalOf(owner);
    const received = (amount: number) =>
      formatShortDateTime(journal.journalData.find((e) => e.amount === amount)?.createdAt ?? '');
    expect(text).toContain('Budgiver Beløp Status Forbehold Akseptfrist Mottatt Signert');
    expect(text).toContain(
      `Signe Passnøkkel 4 100 000 kr – – ${formatShortDateTime(signedAt.deadline)} ${received(4_100_000)} Ja`,
    );
    expect(text).toMatch(
      new RegExp(`Ola Hansen 4 200 000 kr Høyeste bud – \\S+ \\S+ ${received(4_200_000)} Nei`),
    );
    expect(text).toContain(
      'Signert: «Ja» betyr at budgiveren signerte budet med passnøkkel (Signert med passnøkkel); et bud som ' +
        'kom av et akseptert motbud, er signert når aksepten ble signert. «Nei» betyr at budet ikke ble signert ' +
        '(Ikke signert).',
    );
    // The record of acts: the same marks on the bids, '–' on the close, which nothing signs.
    expect(text).toContain('Tidspunkt Hendelse Part Beløp Status Detaljer Signert');
    expect(text).toContain(
      `${received(4_100_000)} Bud Signe Passnøkkel 4 100 000 kr – Akseptfrist: ${formatShortDateTime(signedAt.deadline)} Ja`,
    );
    expect(text).toMatch(
      new RegExp(`${received(4_200_000)} Bud Ola Hansen 4 200 000 kr Høyeste bud Akseptfrist: \\S+ \\S+ Nei`),
    );
    expect(text).toMatch(/Budrunden lukket – – – Lukket av selger eller administrator –/);
    expect(text).toContain(
      'I kolonnen Signert gjelder «Ja» og «Nei» de bindende handlingene, som parten signerer med passnøkkel: ' +
        'bud, avslag, motbud, aksept av motbud og valg av vinner. Et motbud som blir avslått, trukket eller går ' +
        'ut, og lukkingen av budrunden, signeres ikke og står med «–».',
    );
  });

  it('each bidder’s PDF marks their own bid and the other’s, pseudonymous', async () => {
    const signers = await pdfOf(signer);
    expect(signers).toMatch(/Du 4 100 000 kr Ditt bud – .* Ja/);
    expect(signers).toMatch(/Budgiver B 4 200 000 kr Høyeste bud – .* Nei/);
    expect(signers).not.toContain('Ola');
    const olas = await pdfOf(ola);
    expect(olas).toMatch(/Budgiver A 4 100 000 kr – – .* Ja/);
    expect(olas).toMatch(/Du 4 200 000 kr Høyeste bud, Ditt bud – .* Nei/);
  });

  it('the CSV’s ‘Signert’ is ‘Ja’ or ‘Nei’ on a bid’s row, empty on the close, and ‘Identitet’ follows it', async () => {
    const csv = (await download(`/api/bid-rounds/${roundId}/journal/csv`, owner)).body;
    const [header = [], ...rows] = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    // Who buys (decision 065) follows, so every column before it keeps its place.
    expect(header.slice(-9)).toEqual([
      'Egenkapital (kr)',
      'Lån (kr)',
      'Långiver',
      'Ønsket overtakelse',
      'Signert',
      'Identitet',
      'Byr som',
      'Selskap',
      'Medbudgivere',
    ]);
    expect(header.indexOf('Hendelse')).toBe(12);
    expect(rows.map((r) => [r[12], r[0], r.at(-5), r.at(-4)])).toEqual([
      ['Bud', 'Signe Passnøkkel', 'Ja', 'ID ikke bekreftet'],
      ['Bud', 'Ola Hansen', 'Nei', 'ID ikke bekreftet'],
      ['Budrunden lukket', '', '', ''],
    ]);
    for (const row of rows) expect(row).toHaveLength(header.length);
  });
});

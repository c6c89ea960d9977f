import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../tests/setup/admin';
import { journalOf } from '../../../../tests/setup/journal-acts';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { rejectionHelpers } from '../../../../tests/setup/rejections';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatShortDateTime } from '../../../shared/format/date';
import { CHANGE_ROW_KIND } from './journal-csv';
import { findJournal, updateJournalData } from './journals.repository';

// Decision 046: the budjournal lists the changes to the listing made while live bids
// stood, for every reader: 'Endringer mens bud sto' in the journal (JSON and PDF), and a CSV row among the
// acts, each from its old to its new value (decision 054). A change made before any bid is on the round
// page only.

let t: TestApp;
let h: ReturnType<typeof rejectionHelpers>;
type Person = Awaited<ReturnType<ReturnType<typeof rejectionHelpers>['person']>>;
let owner: Person;
let arne: Person;
let roundId: string;
let quietRoundId: string;

const patch = async (id: string, payload: Record<string, unknown>) => {
  const res = await t.request({
    method: 'PATCH',
    url: `/api/bid-rounds/${id}`,
    cookie: owner.cookie,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const close = async (id: string) => {
  const res = await t.request({ method: 'PUT', url: `/api/bid-rounds/${id}/close`, cookie: owner.cookie });
  expect(res.statusCode, res.body).toBe(200);
};
const download = async (id: string, what: 'journal.pdf' | 'journal/csv', cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${id}/${what}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const CHANGE_TEXT = 'Beskrivelsen er endret fra «Først.» til «Etter budet: taket må skiftes.»';
const csvRows = (body: string) =>
  body
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));

beforeAll(async () => {
  t = await createTestApp();
  h = rejectionHelpers(t);
  owner = await h.person('Selma');
  arne = await h.person('Arne');
  roundId = (await createRoundAs(t, owner.cookie, { title: 'Endringshuset', description: 'Først.' })).id;
  await patch(roundId, { title: 'Endringshuset i hagen' });
  await placeBidOk(t, arne.cookie, roundId, 4_100_000);
  await patch(roundId, { description: 'Etter budet: taket må skiftes.' });
  await close(roundId);

  // A round whose listing changed only before its bid.
  quietRoundId = (await createRoundAs(t, owner.cookie, { title: 'Stillehuset' })).id;
  await patch(quietRoundId, { description: 'Rettet før noen bød.' });
  await placeBidOk(t, arne.cookie, quietRoundId, 4_000_000);
  await close(quietRoundId);
});
afterAll(() => t.close());

describe('the journal lists the changes made while bids stood', () => {
  it('the owner’s and the bidder’s journal list the change after the bid, not the one before', async () => {
    for (const reader of [owner, arne]) {
      const journal = await journalOf(t, roundId, reader.cookie);
      expect(journal.changes).toEqual([
        {
          at: expect.any(String),
          kind: 'description',
          text: CHANGE_TEXT,
          oldValue: 'Først.',
          newValue: 'Etter budet: taket må skiftes.',
        },
      ]);
      const bidAt = journal.acts.find((a) => a.kind === 'Bud')?.at ?? '';
      expect(Date.parse(journal.changes[0]?.at ?? '')).toBeGreaterThan(Date.parse(bidAt));
    }
  });

  it('a round changed only before its first bid lists none', async () => {
    expect((await journalOf(t, quietRoundId, owner.cookie)).changes).toEqual([]);
    const text = pdfText((await download(quietRoundId, 'journal.pdf', owner.cookie)).rawPayload);
    expect(text).not.toContain('Endringer mens bud sto');
  });

  it('each reader’s PDF has a short section with the time and what changed', async () => {
    const { changes } = await journalOf(t, roundId, owner.cookie);
    const at = formatShortDateTime(changes[0]?.at ?? '');
    for (const reader of [owner, arne]) {
      const text = pdfText((await download(roundId, 'journal.pdf', reader.cookie)).rawPayload);
      const section = text.indexOf('Endringer mens bud sto (1) Tidspunkt Endring i annonsen');
      expect(section).toBeGreaterThan(text.indexOf('Hendelser ('));
      expect(text.indexOf(`${at} Beskrivelsen er endret fra «Først.» til`, section)).toBeGreaterThan(section);
      expect(text).not.toContain('Tittelen er endret');
    }
  });

  it('the CSV has the change as a row among the acts, in time order', async () => {
    const rows = csvRows((await download(roundId, 'journal/csv', owner.cookie)).body);
    expect(rows.map((r) => [r[12], r[13]])).toEqual([
      ['Bud', ''],
      [CHANGE_ROW_KIND, CHANGE_TEXT],
      ['Budrunden lukket', 'Lukket av selger eller administrator'],
    ]);
    const { changes } = await journalOf(t, roundId, owner.cookie);
    const change = rows[1] ?? [];
    expect(change[5]).toBe(formatShortDateTime(changes[0]?.at ?? ''));
    expect(change.length).toBe(rows[0]?.length);
  });

  it('a change a journal kept without values (before decision 054) reads as what changed', async () => {
    const row = await findJournal(t.deps.db, roundId, await userIdOf(t, arne.email));
    if (!row) throw new Error('no journal');
    const changes = (row.journalData.changes ?? []).map(({ at, kind }) => ({ at, kind }));
    await updateJournalData(t.deps.db, row.id, { ...row.journalData, changes });
    expect((await journalOf(t, roundId, arne.cookie)).changes).toEqual([
      { at: expect.any(String), kind: 'description', text: 'Beskrivelsen er endret' },
    ]);
  });

  it('a journal written before the change log reads with none', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/auth/user', cookie: arne.cookie })).json();
    const row = await findJournal(t.deps.db, roundId, me.id);
    if (!row) throw new Error('no journal');
    const { changes: _changes, ...before } = row.journalData;
    await updateJournalData(t.deps.db, row.id, before);
    expect((await journalOf(t, roundId, arne.cookie)).changes).toEqual([]);
    const text = pdfText((await download(roundId, 'journal.pdf', arne.cookie)).rawPayload);
    expect(text).not.toContain('Endringer mens bud sto');
  });
});

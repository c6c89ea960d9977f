import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { rejectionHelpers } from '../../../../tests/setup/rejections';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 046: a changed description sends each follower one e-mail, 'Endring i budrunden: {title}',
// saying what changed, through PATCH /api/bid-rounds/{id}; a new title or address is shown on the page only.

let t: TestApp;
let h: ReturnType<typeof rejectionHelpers>;
type Person = Awaited<ReturnType<ReturnType<typeof rejectionHelpers>['person']>>;
let owner: Person;
let followers: Person[];
let bystander: Person;
let roundId: string;

const changeMails = async (to: string) =>
  (await t.mails(to)).filter((m) => m.subject.startsWith('Endring i budrunden'));
const patch = async (payload: Record<string, unknown>, cookie = owner.cookie) => {
  const res = await t.request({ method: 'PATCH', url: `/api/bid-rounds/${roundId}`, cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
  await t.runJobs();
};

beforeAll(async () => {
  t = await createTestApp();
  h = rejectionHelpers(t);
  owner = await h.person('Selma');
  followers = [await h.person('Frida'), await h.person('Finn')];
  bystander = await h.person('Berit');
  roundId = (await createRoundAs(t, owner.cookie, { title: 'Villa Solsiden', description: 'Første utkast.' }))
    .id;
  for (const f of followers) {
    const res = await t.request({
      method: 'POST',
      url: `/api/bid-rounds/${roundId}/follow`,
      cookie: f.cookie,
    });
    expect(res.statusCode).toBe(200);
  }
  await t.runJobs();
});
afterAll(() => t.close());

describe('followers hear of a changed description', () => {
  it('one e-mail to each follower per edit, saying what changed, with the round’s link', async () => {
    await patch({ description: 'Nytt bad og ny kjøkkenbenk.' });
    for (const f of followers) {
      const mails = await changeMails(f.email);
      expect(mails.map((m) => m.subject)).toEqual(['Endring i budrunden: Villa Solsiden']);
      expect(mails[0]?.text).toContain('Beskrivelsen er endret.');
      expect(mails[0]?.text).toContain(`/budrunder/${roundId}`);
    }
  });

  it('none to the owner, nor to anyone who does not follow', async () => {
    expect(await changeMails(owner.email)).toEqual([]);
    expect(await changeMails(bystander.email)).toEqual([]);
  });

  it('none for a new title or address alone', async () => {
    await patch({ title: 'Villa Solsiden, Nordstrand', address: 'Solsidevegen 4, Oslo' });
    for (const f of followers) expect(await changeMails(f.email)).toHaveLength(1);
  });

  it('one, under the new title, when the title and the description change together', async () => {
    await patch({ title: 'Villa Solsiden med hage', description: 'Nytt bad, ny kjøkkenbenk og hage.' });
    for (const f of followers) {
      const mails = await changeMails(f.email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Endring i budrunden: Villa Solsiden',
        'Endring i budrunden: Villa Solsiden med hage',
      ]);
      expect(mails[1]?.text).toContain('Beskrivelsen er endret.');
      expect(mails[1]?.text).not.toContain('Tittelen er endret');
    }
  });

  it('an administrator’s change to the description is mailed the same way', async () => {
    const admin = await signInAdmin(t);
    await patch({ description: 'Rettet skrivefeil.' }, admin.cookie);
    for (const f of followers) expect(await changeMails(f.email)).toHaveLength(3);
    expect(await changeMails(owner.email)).toEqual([]);
  });

  it('a description sent unchanged sends nothing', async () => {
    await patch({ description: 'Rettet skrivefeil.' });
    for (const f of followers) expect(await changeMails(f.email)).toHaveLength(3);
  });
});

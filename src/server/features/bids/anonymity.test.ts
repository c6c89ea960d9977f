import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { users } from '../../db/schema';

// Everything bidder A can receive is collected and searched for anything that identifies bidder B.
let t: TestApp;
let owner: string;
let a: string;
let b: string;
let bId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  a = await signUp(t, 'anna@example.no', { firstName: 'Anna', lastName: 'Alfa', phoneNumber: '41111111' });
  b = await signUp(t, 'bjorn.hemmelig@example.no', {
    firstName: 'Bjørnulf',
    lastName: 'Hemmeligsen',
    phoneNumber: '98765432',
    streetAddress: 'Skjultveien 99',
    bankName: 'Skjultbanken',
    bankContactName: 'Rådgiver Rasmussen',
    bankContactPhoneNumber: '97979797',
  });
  const [row] = await t.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'bjorn.hemmelig@example.no'));
  bId = row?.id ?? '';
});
afterAll(() => t.close());

describe('anonymity', () => {
  it('no response, mail or SMS bidder A can receive identifies bidder B', async () => {
    const open = await createRoundAs(t, owner, { title: 'Åpent hus' });
    const decided = await createRoundAs(t, owner, { title: 'Avgjort hus' });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${open.id}/follow`, cookie: a });
    await placeBidOk(t, b, open.id, 4_100_000, { conditions: 'Forbehold om finansiering' });
    await placeBidOk(t, a, open.id, 4_200_000);
    await placeBidOk(t, b, open.id, 4_300_000);
    await placeBidOk(t, a, decided.id, 4_000_000);
    const bWins = await placeBidOk(t, b, decided.id, 4_100_000);
    await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${decided.id}/select-winner/${bWins.id}`,
      cookie: owner,
    });

    const seen: string[] = [];
    const get = async (url: string) => {
      const res = await t.request({ method: 'GET', url, cookie: a });
      seen.push(`${url} ${res.statusCode} ${res.body}`);
    };
    for (const url of [
      '/api/bid-rounds/active',
      '/api/bid-rounds/user',
      '/api/bid-rounds/all',
      `/api/bid-rounds/${open.id}`,
      `/api/bid-rounds/${decided.id}`,
      `/api/bid-rounds/${open.id}/bids`,
      `/api/bid-rounds/${decided.id}/bids`,
      `/api/owner/bid-rounds/${open.id}/bids`,
      `/api/bid-rounds/${open.id}/followers`,
      `/api/bid-rounds/${open.id}/follow/status`,
      `/api/bid-rounds/${decided.id}/journal/csv`,
      '/api/user/bids',
      '/api/user/bid-journals',
      '/api/auth/user',
    ]) {
      await get(url);
    }
    // Refusals must not leak either.
    const tooLow = await placeBid(t, a, open.id, 4_300_000);
    seen.push(tooLow.body);
    seen.push(
      (
        await t.request({
          method: 'PUT',
          url: `/api/bid-rounds/${open.id}/select-winner/${bWins.id}`,
          cookie: a,
        })
      ).body,
    );
    await t.runJobs();
    for (const mail of await t.mails('anna@example.no')) seen.push(mail.subject, mail.text, mail.html);
    for (const sms of t.sms.sent.filter((s) => s.to === '+47 41111111')) seen.push(sms.text);

    const everything = seen.join('\n');
    expect(everything).toContain('Budgiver A');
    for (const secret of [
      'Bjørnulf',
      'Hemmeligsen',
      'bjorn.hemmelig',
      '98765432',
      '98 76',
      'Skjultveien',
      'Skjultbanken',
      'Rasmussen',
      '97979797',
      bId,
    ]) {
      expect(everything, `leaked ${secret}`).not.toContain(secret);
    }
  });
});

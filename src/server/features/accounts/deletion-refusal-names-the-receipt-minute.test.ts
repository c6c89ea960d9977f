import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the refusal to delete an account with a binding bid', () => {
  it('names the same minute as the receipt: 18:12:05 is 18:12 in both, never 18:13', async () => {
    const seller = await signInVerified(t, 'selger-minutt@example.no');
    const bidder = await signInVerified(t, 'minutt@example.no');
    const round = await createRoundAs(t, seller);
    // Five seconds past a whole minute, as a deadline sent by another client may well be.
    const wholeMinute = Math.floor((Date.now() + 30 * 3_600_000) / 60_000) * 60_000;
    const bidDeadline = new Date(wholeMinute + 5_000);
    await placeBidOk(t, bidder, round.id, 4_000_000, { bidDeadline: bidDeadline.toISOString() });
    await t.runJobs();
    const receipt = (await t.mails('minutt@example.no')).find((m) => m.subject.startsWith('Kvittering'));
    const receiptDeadline = receipt?.text.match(/Akseptfrist: (.+)/)?.[1]?.trim();
    expect(receiptDeadline).toMatch(/kl\. \d\d:\d\d$/);

    const res = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: bidder });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Du har bindende bud som gjelder til ${receiptDeadline}. Du kan slette kontoen etter dette.`,
    );
  });
});

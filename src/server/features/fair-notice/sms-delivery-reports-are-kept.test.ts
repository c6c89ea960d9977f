import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidderStates } from '../../../shared/schemas/responses/fair-notice';

// Decision 066: a gateway that names its messages reports their delivery with SMS_HTTP_TOKEN; the owner's
// list of bidders says 'SMS levert 14:02' or 'SMS ikke levert', and five minutes without a report count as
// not delivered.

const TOKEN = 'rapport-nokkel-123';
let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp({ env: { SMS_HTTP_TOKEN: TOKEN } });
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

const states = async (roundId: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bidders`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BidderStates;
};
/** As the gateway sends it: no session, no Origin. */
const report = (body: object, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sms/delivery-reports',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body,
  });

describe('POST /api/sms/delivery-reports', () => {
  it('marks an SMS delivered or not, refuses a wrong token and an unknown message, and waits five minutes', async () => {
    t.sms.reportsDelivery = true;
    try {
      const s = await h.setting();
      await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
      await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
      await t.runJobs();
      // Ingrid's notice of Ola's bid, not the owner's of the same words.
      const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie: s.ingrid.cookie });
      const digits = (phone: string) => phone.replace(/\D/g, '');
      const sms = t.sms.sent.find(
        (m) => m.text.includes('4 200 000') && digits(m.to) === digits(me.json().phone ?? ''),
      );
      expect(sms?.messageId).toMatch(/^test-sms-/);

      expect((await report({ messageId: sms?.messageId, status: 'delivered' }, 'feil')).statusCode).toBe(401);
      const noToken = await t.app.inject({ method: 'POST', url: '/api/sms/delivery-reports', payload: {} });
      expect(noToken.statusCode).not.toBe(200);
      expect(
        (await report({ messageId: 'ukjent', status: 'delivered', at: new Date().toISOString() })).statusCode,
      ).toBe(404);
      expect((await report({ messageId: sms?.messageId, status: 'lest' })).statusCode).toBe(400);
      expect((await states(s.roundId, s.owner.cookie)).bidders[0]?.notifiedBy).toBe('SMS og e-post');

      const delivered = await report({
        messageId: sms?.messageId,
        status: 'delivered',
        at: '2026-12-07T13:02:30Z',
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await states(s.roundId, s.owner.cookie)).bidders[0]?.notifiedBy).toBe(
        'SMS levert 14:02 og e-post',
      );

      const failed = await report({
        messageId: sms?.messageId,
        status: 'failed',
        at: new Date().toISOString(),
      });
      expect(failed.statusCode).toBe(200);
      expect((await states(s.roundId, s.owner.cookie)).bidders[0]?.notifiedBy).toBe(
        'SMS ikke levert og e-post',
      );
      // The notice had gone by e-mail beside the SMS: no second mail.
      await t.runJobs();
      const newBidMails = (await t.mails(s.ingrid.email)).filter((m) => m.subject.startsWith('Nytt bud'));
      expect(newBidMails).toHaveLength(1);

      // Another round, no report within five minutes: not delivered.
      const late = await h.setting();
      await placeBidOk(t, late.ingrid.cookie, late.roundId, 4_100_000);
      await placeBidOk(t, late.ola.cookie, late.roundId, 4_200_000);
      await t.runJobs();
      expect((await states(late.roundId, late.owner.cookie)).bidders[0]?.notifiedBy).toBe('SMS og e-post');
      await t.deps.db.execute(
        sql`update jobs set run_at = now() where type = 'bid:sms-delivery-check' and completed_at is null`,
      );
      await t.runJobs();
      expect((await states(late.roundId, late.owner.cookie)).bidders[0]?.notifiedBy).toBe(
        'SMS ikke levert og e-post',
      );
    } finally {
      t.sms.reportsDelivery = false;
    }
  });
});

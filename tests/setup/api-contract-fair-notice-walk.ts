import { and, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { bidderNotices } from '../../src/server/db/fair-notice-schema';
import { unknownId, type WalkContext } from './api-contract-walks';
import { createRoundAs, inHours, placeBidOk } from './rounds';

export const CONTRACT_SMS_TOKEN = 'kontrakt-sms-nokkel';

/**
 * Everyone told and the acceptance letter (decision 066): typed conditions and a waiver, the owner's list of
 * bidders, a bidder's answer, the SMS gateway's delivery reports and the letter, with each refusal the
 * document lists. A round of its own.
 */
export async function fairNoticeWalk(c: WalkContext) {
  const { api, t, owner, bidder, rival } = c;
  const round = await createRoundAs(api, owner, { title: 'Rettferdighuset' });
  t.sms.reportsDelivery = true;
  const low = await placeBidOk(api, rival, round.id, 4_100_000);
  const bid = await placeBidOk(api, bidder, round.id, 4_200_000, {
    conditions: [
      { kind: 'Finansiering', until: inHours(3) },
      { kind: 'Annet', text: 'Styregodkjenning' },
    ],
  });
  await t.runJobs();
  t.sms.reportsDelivery = false;

  const waive = (bidId: string, index: number, cookie: string) =>
    api.request({ method: 'PUT', url: `/api/bids/${bidId}/conditions/${index}/waive`, cookie, payload: {} });
  expect((await waive(bid.id, 0, rival)).statusCode).toBe(403);
  expect((await waive(bid.id, 5, bidder)).statusCode).toBe(404);
  expect((await waive(bid.id, 0, bidder)).statusCode).toBe(200);
  expect((await waive(bid.id, 0, bidder)).statusCode).toBe(409);

  const answer = (cookie: string, roundId = round.id) =>
    api.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/my-answer`,
      cookie,
      payload: { answer: 'done' },
    });
  expect((await answer(owner)).statusCode).toBe(403);
  expect((await answer(bidder)).statusCode).toBe(409);
  expect((await answer(rival, unknownId())).statusCode).toBe(404);
  expect((await answer(rival)).statusCode).toBe(200);

  const states = (cookie: string, roundId = round.id) =>
    api.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bidders`, cookie });
  expect((await states(owner)).statusCode).toBe(200);
  expect((await states(rival)).statusCode).toBe(403);
  expect((await states(owner, unknownId())).statusCode).toBe(404);

  // The rival's notice of the higher bid, as the owner's list of bidders keeps it.
  const [sent] = await t.deps.db
    .select({ messageId: bidderNotices.smsMessageId })
    .from(bidderNotices)
    .where(and(eq(bidderNotices.bidRoundId, round.id), isNotNull(bidderNotices.smsMessageId)));
  const report = (body: object, token = CONTRACT_SMS_TOKEN) =>
    api.request({
      method: 'POST',
      url: '/api/sms/delivery-reports',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  expect((await report({ messageId: sent?.messageId, status: 'delivered' }, 'feil')).statusCode).toBe(401);
  expect((await report({ messageId: 'ukjent', status: 'delivered' })).statusCode).toBe(404);
  const delivered = await report({
    messageId: sent?.messageId,
    status: 'delivered',
    at: new Date().toISOString(),
  });
  expect(delivered.statusCode, delivered.body).toBe(200);

  const letter = (cookie: string, roundId = round.id) =>
    api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/acceptance-letter.pdf`, cookie });
  expect((await letter(owner)).statusCode).toBe(404);
  const chosen = await api.request({
    method: 'PUT',
    url: `/api/bid-rounds/${round.id}/select-winner/${bid.id}`,
    cookie: owner,
    payload: { overrideFairNotice: true },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  expect((await letter(bidder)).statusCode).toBe(200);
  expect((await letter(rival)).statusCode).toBe(403);
  expect(low.id).toBeTruthy();
}

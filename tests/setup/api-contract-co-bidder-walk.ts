import { expect } from 'vitest';
import { unknownId, type WalkContext } from './api-contract-walks';
import { createRoundAs, placeBidOk } from './rounds';

/**
 * Bidding together (decision 065): an invitation, each reader's list, a decline, an acceptance, a group's
 * bid and a member leaving, with each refusal (400, 403, 404, 409) the document lists. A round of its own.
 */
export async function coBiddersWalk(c: WalkContext) {
  const { api, owner, bidder, rival } = c;
  const emailOf = async (cookie: string) =>
    ((await api.request({ method: 'GET', url: '/api/auth/user', cookie })).json() as { email: string }).email;
  const [bidderEmail, rivalEmail] = [await emailOf(bidder), await emailOf(rival)];
  const round = await createRoundAs(api, owner, { title: 'Fellesbolighuset' });
  const path = `/api/bid-rounds/${round.id}/co-bidders`;
  const invite = (cookie: string, email: unknown) =>
    api.request({ method: 'POST', url: path, cookie, payload: { email } });
  const answer = (id: string, what: 'accept' | 'decline', cookie: string) =>
    api.request({ method: 'PUT', url: `/api/co-bidder-invitations/${id}/${what}`, cookie, payload: {} });
  const list = (cookie: string) => api.request({ method: 'GET', url: path, cookie });
  const leave = (cookie: string) => api.request({ method: 'DELETE', url: `${path}/me`, cookie, payload: {} });

  // Refusals of an invitation: a bad address (400), by the owner (403), the owner invited (409).
  expect((await invite(bidder, 'ikke-en-adresse')).statusCode).toBe(400);
  expect((await invite(owner, rivalEmail)).statusCode).toBe(403);
  expect((await invite(bidder, await emailOf(owner))).statusCode).toBe(409);
  expect(
    (
      await api.request({
        method: 'POST',
        url: `/api/bid-rounds/${unknownId()}/co-bidders`,
        cookie: bidder,
        payload: { email: rivalEmail },
      })
    ).statusCode,
  ).toBe(404);

  // One declined, one accepted; each reader's list; a stranger to the group 403.
  const first = await invite(bidder, rivalEmail);
  expect(first.statusCode, first.body).toBe(201);
  const firstId = (first.json() as { invitation: { id: string } }).invitation.id;
  expect((await invite(bidder, rivalEmail)).statusCode).toBe(409);
  expect((await answer(firstId, 'decline', owner)).statusCode).toBe(403);
  expect((await answer(firstId, 'decline', rival)).statusCode).toBe(200);
  expect((await answer(firstId, 'decline', rival)).statusCode).toBe(409);
  expect((await answer(unknownId(), 'accept', rival)).statusCode).toBe(404);
  const second = await invite(bidder, rivalEmail);
  const secondId = (second.json() as { invitation: { id: string } }).invitation.id;
  expect((await answer(secondId, 'accept', rival)).statusCode).toBe(200);
  expect((await answer(secondId, 'accept', rival)).statusCode).toBe(409);
  for (const cookie of [owner, bidder, rival]) expect((await list(cookie)).statusCode).toBe(200);
  expect(bidderEmail).toBeTruthy();

  // The group bids as one; the rival leaves, and cannot leave twice (404).
  await placeBidOk(api, rival, round.id, 4_100_000);
  expect((await leave(rival)).statusCode).toBe(200);
  expect((await leave(rival)).statusCode).toBe(404);
  expect((await leave(owner)).statusCode).toBe(404);
}

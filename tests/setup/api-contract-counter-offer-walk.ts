import { expect } from 'vitest';
import { unknownId, type WalkContext } from './api-contract-walks';
import { createRoundAs, inHours, placeBidOk } from './rounds';

/**
 * The seller's counter-offers (motbud, decision 035): made, listed by each reader, declined, withdrawn,
 * replaced and accepted, and each refusal (400, 403, 404, 409) the document lists. A round of its own, so
 * that the owner-and-bidders walk's round keeps its winner.
 */
export async function counterOffersWalk(c: WalkContext) {
  const { api, owner, bidder, rival } = c;
  const round = await createRoundAs(api, owner, { title: 'Motbudshuset' });
  const bidderBid = await placeBidOk(api, bidder, round.id, 4_200_000, { conditions: 'Ingen' });
  const rivalBid = await placeBidOk(api, rival, round.id, 4_300_000);
  const offers = `/api/bid-rounds/${round.id}/counter-offers`;
  const offer = (bidId: string, amount: number) => ({ bidId, amount, deadline: inHours(2) });
  const create = async (cookie: string, payload: object) =>
    api.request({ method: 'POST', url: offers, cookie, payload });
  const createdId = async (bidId: string, amount: number) => {
    const res = await create(owner, { ...offer(bidId, amount), conditions: 'Overtakelse 1. mars' });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { counterOffer: { id: string } }).counterOffer.id;
  };
  const act = (method: 'PUT' | 'DELETE', id: string, what: '/accept' | '/decline' | '', cookie: string) =>
    api.request({ method, url: `/api/counter-offers/${id}${what}`, cookie });

  // Refusals of a new one: too low (400), by a bidder (403), an unknown round or bid (404).
  expect((await create(owner, offer(bidderBid.id, 4_100_000))).statusCode).toBe(400);
  expect((await create(bidder, offer(bidderBid.id, 4_500_000))).statusCode).toBe(403);
  expect(
    (
      await api.request({
        method: 'POST',
        url: `/api/bid-rounds/${unknownId()}/counter-offers`,
        cookie: owner,
        payload: offer(bidderBid.id, 4_500_000),
      })
    ).statusCode,
  ).toBe(404);
  expect((await create(owner, offer(unknownId(), 4_500_000))).statusCode).toBe(404);

  // One to the bidder, read by each of them; the bidder declines it, and cannot decline it twice.
  const declined = await createdId(bidderBid.id, 4_500_000);
  for (const cookie of [owner, bidder, rival])
    expect((await api.request({ method: 'GET', url: offers, cookie })).statusCode).toBe(200);
  const unknownRound = `/api/bid-rounds/${unknownId()}/counter-offers`;
  expect((await api.request({ method: 'GET', url: unknownRound, cookie: owner })).statusCode).toBe(404);
  expect((await act('PUT', declined, '/decline', rival)).statusCode).toBe(403);
  expect((await act('PUT', declined, '/decline', bidder)).statusCode).toBe(200);
  expect((await act('PUT', declined, '/decline', bidder)).statusCode).toBe(409);
  expect((await act('PUT', unknownId(), '/decline', bidder)).statusCode).toBe(404);

  // The owner withdraws the next one; a bidder may not (403), nor withdraw it twice (409).
  const withdrawn = await createdId(bidderBid.id, 4_600_000);
  expect((await act('DELETE', withdrawn, '', bidder)).statusCode).toBe(403);
  expect((await act('DELETE', withdrawn, '', owner)).statusCode).toBe(200);
  expect((await act('DELETE', withdrawn, '', owner)).statusCode).toBe(409);
  expect((await act('DELETE', unknownId(), '', owner)).statusCode).toBe(404);

  // The rival accepts theirs: it binds, the round closes, and every later act conflicts.
  const accepted = await createdId(rivalBid.id, 4_700_000);
  expect((await act('PUT', accepted, '/accept', bidder)).statusCode).toBe(403);
  expect((await act('PUT', unknownId(), '/accept', rival)).statusCode).toBe(404);
  expect((await act('PUT', accepted, '/accept', rival)).statusCode).toBe(200);
  expect((await act('PUT', accepted, '/accept', rival)).statusCode).toBe(409);
  expect((await create(owner, offer(bidderBid.id, 4_800_000))).statusCode).toBe(409);
  for (const cookie of [owner, rival])
    expect((await api.request({ method: 'GET', url: offers, cookie })).statusCode).toBe(200);
}

import { expect } from 'vitest';
import { unknownId, type WalkContext } from './api-contract-walks';
import { createRoundAs } from './rounds';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  postViewing,
  removeViewing,
  signup,
  viewingOn,
} from './viewings';

/**
 * The viewings (decision 045): added and removed by the owner, put in a calendar by a visitor, signed up for
 * and off by a bidder, and the list read as JSON and CSV; with the refusals the document lists. A round of
 * its own, so that the other walks' rounds keep their state.
 */
export async function viewingsWalk(c: WalkContext) {
  const { api, owner, bidder, rival } = c;
  const round = await createRoundAs(api, owner, { title: 'Visningsvandringen', deadline: LATE_DEADLINE });
  const base = `/api/bid-rounds/${round.id}`;
  const get = (url: string, cookie?: string) => api.request({ method: 'GET', url, cookie });

  expect((await postViewing(api, owner, round.id, viewingOn(osloDayAhead(-2)))).statusCode).toBe(400);
  expect((await postViewing(api, bidder, round.id, viewingOn(osloDayAhead(30)))).statusCode).toBe(403);
  expect((await postViewing(api, owner, unknownId(), viewingOn(osloDayAhead(30)))).statusCode).toBe(404);
  const viewing = await addViewingOk(
    api,
    owner,
    round.id,
    viewingOn(osloDayAhead(30), '17:00', '18:00', 'Ring på'),
  );
  const gone = await addViewingOk(api, owner, round.id, viewingOn(osloDayAhead(31)));
  expect((await removeViewing(api, bidder, round.id, gone.id)).statusCode).toBe(403);
  expect((await removeViewing(api, owner, round.id, gone.id)).statusCode).toBe(200);
  expect((await removeViewing(api, owner, round.id, gone.id)).statusCode).toBe(404);

  expect((await get(`${base}/viewings/${viewing.id}/calendar.ics`)).statusCode).toBe(200);
  expect((await get(`${base}/viewings/${unknownId()}/calendar.ics`)).statusCode).toBe(404);

  expect((await signup(api, 'POST', owner, round.id, viewing.id)).statusCode).toBe(403);
  expect((await signup(api, 'POST', bidder, round.id, unknownId())).statusCode).toBe(404);
  expect((await signup(api, 'POST', bidder, round.id, viewing.id)).statusCode).toBe(200);
  expect((await signup(api, 'POST', rival, round.id, viewing.id)).statusCode).toBe(200);
  expect((await signup(api, 'DELETE', rival, round.id, viewing.id)).statusCode).toBe(200);
  expect((await get(`${base}/viewing-signups`, bidder)).statusCode).toBe(200);
  expect((await get(`/api/bid-rounds/${unknownId()}/viewing-signups`, bidder)).statusCode).toBe(404);

  for (const list of ['signups', 'signups.csv']) {
    expect((await get(`${base}/viewings/${viewing.id}/${list}`, owner)).statusCode).toBe(200);
    expect((await get(`${base}/viewings/${viewing.id}/${list}`, bidder)).statusCode).toBe(403);
    expect((await get(`${base}/viewings/${unknownId()}/${list}`, owner)).statusCode).toBe(404);
  }

  await api.request({ method: 'PUT', url: `${base}/close`, cookie: owner });
  expect((await postViewing(api, owner, round.id, viewingOn(osloDayAhead(32)))).statusCode).toBe(409);
  expect((await removeViewing(api, owner, round.id, viewing.id)).statusCode).toBe(409);
  expect((await signup(api, 'DELETE', bidder, round.id, viewing.id)).statusCode).toBe(409);
}

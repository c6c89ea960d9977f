import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { signUp } from './accounts';
import { signInVerified } from './admin';
import type { ApiContract, OpenApiDocument } from './openapi-contract';
import { uploadPhoto } from './photos';
import { createRoundAs, inHours, placeBid, placeBidOk } from './rounds';
import type { TestApp } from './test-app';

/**
 * What the walks of every-response-matches-the-api-document.test.ts share: the app, its checked client, the
 * contract that records every answer, and the people and things one walk builds up for the next.
 */
export interface WalkContext {
  t: TestApp;
  api: TestApp;
  contract: ApiContract;
  baseUrl: string;
  owner: string;
  bidder: string;
  rival: string;
  admin: { id: string; cookie: string };
  roundId: string;
  bidderBidId: string;
  rivalBidId: string;
}

/** An id nothing has; a condition's place in its bid's list is a number, and 0 is as unknown on an unknown bid. */
export const unknownId = (name?: string) => (name === 'index' ? '0' : randomUUID());
export const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      operation: operation as {
        responses?: Record<string, unknown>;
        requestBody?: { content?: Record<string, unknown> };
        parameters?: { in: string; name: string; schema?: { format?: string } }[];
      },
    })),
  );
export const fill = (template: string, value: (name: string) => string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
export const uuidParams = (operation: { parameters?: { in: string; schema?: { format?: string } }[] }) =>
  (operation.parameters ?? []).some((p) => p.in === 'path' && p.schema?.format === 'uuid');

/** Opens GET /api/events, reads the status and headers (and the body of a refusal), then hangs up. */
export async function openStream(
  { baseUrl, contract }: Pick<WalkContext, 'baseUrl' | 'contract'>,
  cookie?: string,
) {
  const aborter = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: aborter.signal,
  });
  const contentType = res.headers.get('content-type') ?? undefined;
  const body = res.status === 200 ? undefined : await res.text();
  contract.check('GET', '/api/events', { status: res.status, contentType, body });
  return { status: res.status, contentType, close: () => aborter.abort() };
}

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The owner and two bidders: a round with a picture, bids with a financing proof, a winner, journals. */
export async function ownerAndBiddersWalk(c: WalkContext) {
  const { api } = c;
  const owner = await signUp(api, 'selger@example.no');
  const bidder = await signUp(api, 'budgiver@example.no');
  const rival = await signInVerified(api, 'rival@example.no', { firstName: 'Rune', lastName: 'Rival' });
  Object.assign(c, { owner, bidder, rival });

  await api.request({ method: 'GET', url: '/api/auth/user', cookie: owner });
  await api.request({
    method: 'PATCH',
    url: '/api/users/me',
    cookie: owner,
    payload: {
      firstName: 'Sara',
      lastName: 'Selger',
      phone: '+47 41234567',
      address: 'Solveien 12, 1357 Bekkestua',
    },
  });

  // The picture: a signed link, the bytes to it, then the path registered and served to anyone.
  const { objectPath } = await uploadPhoto(api, owner, await jpeg());
  expect((await api.request({ method: 'GET', url: objectPath })).statusCode).toBe(200);

  const round = await createRoundAs(api, owner, {
    description: 'Lys og romslig, med hage mot sør.',
    imageUrl: objectPath,
    size: 142,
    rooms: 5,
    buildYear: 1978,
    floor: '1',
    minimumBidDeadline: inHours(3),
  });
  const roundId = round.id;
  c.roundId = roundId;
  await api.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/starting-bid`,
    cookie: owner,
    payload: { newStartingBid: 4_100_000 },
  });
  await api.request({
    method: 'PATCH',
    url: `/api/bid-rounds/${roundId}`,
    cookie: owner,
    payload: { description: 'Lys og romslig, med hage mot sør og nytt bad.' },
  });
  await api.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/sms-notifications`,
    cookie: owner,
    payload: { enabled: true },
  });
  // The owner orders the photos after publishing (decision 043): here the one photo, kept.
  await api.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/photos`,
    cookie: owner,
    payload: { imageUrls: [objectPath] },
  });

  // A bidder looks, follows, uploads a financing proof and bids with it.
  await api.request({ method: 'GET', url: '/api/bid-rounds/active', cookie: bidder });
  await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie: bidder });
  await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/follow/status`, cookie: bidder });
  await api.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: bidder });
  const proof = await api.request({
    method: 'POST',
    url: '/api/financing-proofs',
    cookie: bidder,
    headers: { 'content-type': 'application/pdf' },
    payload: pdf,
  });
  expect(proof.statusCode, proof.body).toBe(201);
  const financingProofId = (proof.json() as { id: string }).id;
  const bidderBidId = (
    await placeBidOk(api, bidder, roundId, 4_200_000, {
      conditions: 'Forbehold om salg av egen bolig',
      financingProofId,
    })
  ).id;
  c.bidderBidId = bidderBidId;
  await api.request({ method: 'GET', url: `/api/bids/${bidderBidId}/financing-proof`, cookie: bidder });

  // A rival bids over, then tries to bid under the highest bid: a rule of the round refuses it.
  await api.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: rival });
  await api.request({ method: 'DELETE', url: `/api/bid-rounds/${roundId}/follow`, cookie: rival });
  const rivalBidId = (await placeBidOk(api, rival, roundId, 4_300_000)).id;
  c.rivalBidId = rivalBidId;
  // Under live bids (decision 054) a new address is refused, and a new title and a fact keep their old and
  // new values, which the round views and, after the close, the journals carry.
  const listing = `/api/bid-rounds/${roundId}`;
  const moved = { address: 'Nyveien 1, 0150 Oslo' };
  expect(
    (await api.request({ method: 'PATCH', url: listing, cookie: owner, payload: moved })).statusCode,
  ).toBe(409);
  const retitled = { title: 'Enebolig med hage', rooms: 6 };
  expect(
    (await api.request({ method: 'PATCH', url: listing, cookie: owner, payload: retitled })).statusCode,
  ).toBe(200);
  const tooLow = await placeBid(api, rival, roundId, 4_000_000);
  expect(tooLow.statusCode).toBeGreaterThanOrEqual(400);
  await placeBid(api, rival, unknownId(), 4_400_000);

  // The owner rejects the bidder's lower bid in writing (decision 034): a bidder may not (403), an unknown
  // bid is 404, and a second rejection conflicts (409). The lists below then show a rejected bid.
  const rejecting = (bidId: string) => `/api/bid-rounds/${roundId}/bids/${bidId}/reject`;
  const rejection = { message: 'Vi har et høyere bud.' };
  await api.request({ method: 'PUT', url: rejecting(rivalBidId), cookie: bidder, payload: rejection });
  await api.request({ method: 'PUT', url: rejecting(unknownId()), cookie: owner, payload: rejection });
  for (let i = 0; i < 2; i++)
    await api.request({ method: 'PUT', url: rejecting(bidderBidId), cookie: owner, payload: rejection });

  // What each of them sees.
  for (const cookie of [bidder, rival, owner]) {
    await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/bids`, cookie });
    await api.request({ method: 'GET', url: '/api/user/bids', cookie });
  }
  await api.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie: owner });
  await api.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie: bidder });
  await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/followers`, cookie: owner });
  await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/followers`, cookie: bidder });
  await api.request({ method: 'GET', url: `/api/bids/${bidderBidId}/financing-proof`, cookie: owner });
  await api.request({ method: 'GET', url: `/api/bids/${bidderBidId}/financing-proof`, cookie: rival });
  await api.request({ method: 'GET', url: '/api/bid-rounds/user', cookie: owner });
  await api.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: bidder });

  // The owner picks the rival's bid; picking again conflicts with the decided round.
  const winner = `/api/bid-rounds/${roundId}/select-winner/${rivalBidId}`;
  expect((await api.request({ method: 'PUT', url: winner, cookie: owner })).statusCode).toBe(200);
  expect((await api.request({ method: 'PUT', url: winner, cookie: owner })).statusCode).toBe(409);
  for (const cookie of [owner, bidder, rival]) {
    await api.request({ method: 'GET', url: '/api/user/bid-journals', cookie });
    await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/csv`, cookie });
    await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal.pdf`, cookie });
    await api.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/export`, cookie });
  }

  // A second round the owner closes without a winner; closing twice conflicts.
  const second = await createRoundAs(api, owner, { title: 'Leilighet på Grünerløkka' });
  expect(
    (await api.request({ method: 'PUT', url: `/api/bid-rounds/${second.id}/close`, cookie: owner }))
      .statusCode,
  ).toBe(200);
  await api.request({ method: 'PUT', url: `/api/bid-rounds/${second.id}/close`, cookie: owner });

  // The bidder's own data, a live stream as a signed-in user, and a second stream past the cap of one.
  await api.request({ method: 'GET', url: '/api/users/me/export', cookie: bidder });
  const live = await openStream(c, bidder);
  expect(live.status).toBe(200);
  expect((await openStream(c, bidder)).status).toBe(429);
  live.close();
}

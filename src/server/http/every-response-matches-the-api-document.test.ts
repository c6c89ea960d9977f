import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../tests/setup/admin';
import { accountsWalk, administratorWalk } from '../../../tests/setup/api-contract-account-walks';
import { coBiddersWalk } from '../../../tests/setup/api-contract-co-bidder-walk';
import { counterOffersWalk } from '../../../tests/setup/api-contract-counter-offer-walk';
import { CONTRACT_SMS_TOKEN, fairNoticeWalk } from '../../../tests/setup/api-contract-fair-notice-walk';
import { identityWalk } from '../../../tests/setup/api-contract-identity-walk';
import { passkeysWalk } from '../../../tests/setup/api-contract-passkey-walk';
import { prospectusWalk } from '../../../tests/setup/api-contract-prospectus-walk';
import { viewingsWalk } from '../../../tests/setup/api-contract-viewing-walk';
import {
  fill,
  openStream,
  operationsOf,
  ownerAndBiddersWalk,
  unknownId,
  uuidParams,
  type WalkContext,
} from '../../../tests/setup/api-contract-walks';
import { startTestIssuer, type TestIssuer } from '../../../tests/setup/oidc-issuer';
import { ApiContract, checkedApp, type OpenApiDocument } from '../../../tests/setup/openapi-contract';
import { createTestApp } from '../../../tests/setup/test-app';
import { OPENAPI_PATH } from './api-docs';

// Decision 032: the OpenAPI document is a contract a broker can build on. A visitor, bidders, a round's
// owner and an administrator use the live app (PGlite) as the client does, and every answer they get, the
// refusals included, is checked against /api/openapi.json with ajv: a status the document does not list, a
// content type it does not name, or a body its schema refuses fails here, naming the operation. The last
// test checks that every operation in the document was called, and answered a success at least once.
// The checker itself is tried on a made-up document in api-contract-check-names-what-is-wrong.test.ts; the
// long walks are in tests/setup/api-contract-walks.ts, api-contract-counter-offer-walk.ts,
// api-contract-passkey-walk.ts, api-contract-viewing-walk.ts, api-contract-prospectus-walk.ts and
// api-contract-account-walks.ts, all against this one app and this one contract, so that the last test sees
// every call.

// The app, the contract, and the people and things the walk builds up, shared by the tests below in order.
const c = {} as WalkContext;
let contract: ApiContract;
let api: WalkContext['api'];
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startTestIssuer();
  const t = await createTestApp({
    // The general limit is tested elsewhere; here it would only cut the walk short. One live stream per
    // user, so that a second one shows the documented 429.
    env: {
      RATE_LIMIT_USER_PER_MIN: '0',
      RATE_LIMIT_ADDRESS_PER_MIN: '0',
      EVENT_STREAMS_PER_USER: '1',
      SMS_HTTP_TOKEN: CONTRACT_SMS_TOKEN,
      ...issuer.env,
    },
  });
  const document = (await t.request({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApiDocument;
  contract = new ApiContract(document);
  api = checkedApp(t, contract);
  // The event stream stays open, so it is read over a real connection, not inject().
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  Object.assign(c, { t, api, contract, baseUrl });
});
afterAll(async () => {
  await c.t.close();
  await issuer.close();
});

/** Where the checked answers stand now, to see afterwards what one test added. */
const mark = () => ({ failures: contract.failures.length, calls: contract.calls.length });

/**
 * Fails with everything that did not match since `start`, the whole list, so one run shows every gap; and
 * with any 500, which the document lists for every operation but which is never a right answer here.
 */
function expectAllMatchedSince(start: ReturnType<typeof mark>) {
  expect(contract.failures.slice(start.failures)).toEqual([]);
  expect(contract.calls.slice(start.calls).filter((call) => / → 5\d\d$/.test(call))).toEqual([]);
}

describe('every answer matches the API document', () => {
  it('a visitor: public reads, the login redirect, a live stream, and 401 from every protected operation', async () => {
    const start = mark();
    for (const url of [
      '/api/health',
      '/api/ready',
      '/api/config',
      '/api/bid-rounds/active',
      '/api/auth/user',
      '/.well-known/budrunde-chain-key.json',
    ])
      await api.request({ method: 'GET', url });
    expect((await api.request({ method: 'GET', url: '/api/login' })).statusCode).toBe(302);
    expect(
      (await api.request({ method: 'GET', url: '/objects/property-images/finnes-ikke.jpg' })).statusCode,
    ).toBe(404);
    const stream = await openStream(c);
    expect(stream.status).toBe(200);
    stream.close();

    // Every operation that says it can answer 401, called without a session; logging in (with a password or
    // a passkey) answers 401 for a wrong password or an unknown passkey, not for a missing session, and is
    // walked below.
    const logins = new Set(['POST /api/auth/login', 'POST /api/auth/passkey-login']);
    const protectedOps = operationsOf(contract.document).filter(
      (o) => o.operation.responses?.['401'] && !logins.has(`${o.method} ${o.template}`),
    );
    expect(protectedOps.length).toBeGreaterThan(30);
    for (const { method, template } of protectedOps) {
      const res = await api.request({ method: method as 'GET', url: fill(template, unknownId) });
      expect(res.statusCode, `${method} ${template}`).toBe(401);
    }
    expectAllMatchedSince(start);
  });

  it('malformed requests: 400 for a bad id or body, 413 for a body too large, 415 for text', async () => {
    const start = mark();
    const someone = await signInVerified(api, 'skrivefeil@example.no');
    const anAdmin = await signInAdmin(api, 'admin.skrivefeil@example.no');
    const cookieFor = (template: string) => (template.startsWith('/api/admin/') ? anAdmin.cookie : someone);
    for (const { method, template, operation } of operationsOf(contract.document)) {
      if (uuidParams(operation)) {
        const res = await api.request({
          method: method as 'GET',
          url: fill(template, () => 'ikke-en-id'),
          cookie: cookieFor(template),
        });
        expect(res.statusCode, `${method} ${template} with a bad id`).toBe(400);
      }
      if (operation.requestBody?.content?.['application/json']) {
        // The SMS gateway's call is judged by its token before its body (decision 066).
        const gateway = template === '/api/sms/delivery-reports';
        const res = await api.request({
          method: method as 'POST',
          url: fill(template, unknownId),
          cookie: cookieFor(template),
          payload: { ukjent: [] },
          ...(gateway ? { headers: { authorization: `Bearer ${CONTRACT_SMS_TOKEN}` } } : {}),
        });
        expect(res.statusCode, `${method} ${template} with a body of unknown fields`).toBe(400);
      }
    }
    const tooLarge = { email: 'stor@example.no', password: 'x'.repeat(150 * 1024) };
    expect(
      (await api.request({ method: 'POST', url: '/api/auth/login', payload: tooLarge })).statusCode,
    ).toBe(413);
    const asText = await api.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=kari@example.no',
    });
    expect(asText.statusCode).toBe(415);
    expectAllMatchedSince(start);
  });

  it('the owner and two bidders: a round with a picture, bids with a financing proof, a winner, journals', async () => {
    const start = mark();
    await ownerAndBiddersWalk(c);
    expectAllMatchedSince(start);
  });

  it('co-bidders: invited, declined, accepted, listed, bidding as one and leaving, with every refusal', async () => {
    const start = mark();
    await coBiddersWalk(c);
    expectAllMatchedSince(start);
  });

  it('counter-offers: made, read, declined, withdrawn and accepted, with every refusal', async () => {
    const start = mark();
    await counterOffersWalk(c);
    expectAllMatchedSince(start);
  });

  it('everyone told: conditions waived, bidders’ states and answers, delivery reports, the letter', async () => {
    const start = mark();
    await fairNoticeWalk(c);
    expectAllMatchedSince(start);
  });

  it('viewings: added, removed, in a calendar, signed up for and off, their lists, with every refusal', async () => {
    const start = mark();
    await viewingsWalk(c);
    expectAllMatchedSince(start);
  });

  it('the salgsoppgave: uploaded, replaced, downloaded and removed, with every refusal', async () => {
    const start = mark();
    await prospectusWalk(c);
    expectAllMatchedSince(start);
  });

  it('accounts: log in and out, a wrong password, verification, a reset link, a new password, deletion', async () => {
    const start = mark();
    await accountsWalk(c);
    expectAllMatchedSince(start);
  });

  it('an administrator: users, resets, edits, passwords, deletions; and 403 for everyone else', async () => {
    const start = mark();
    await administratorWalk(c);
    expectAllMatchedSince(start);
  });

  it('identity: verified, logged in with, a person with no account, the SMS code, released', async () => {
    const start = mark();
    await identityWalk(c);
    expectAllMatchedSince(start);
  });

  it('passkeys: added, listed, used to log in and removed, with every refusal', async () => {
    const start = mark();
    await passkeysWalk(c);
    expectAllMatchedSince(start);
  });

  it('covered every operation in the document, each with a success at least once', () => {
    const operations = contract.operations();
    const called = contract.covered();
    const succeeded = contract.covered((status) => status < 400);
    // The run's coverage, for the record (decision 032).
    console.log(
      `API contract: ${operations.length} operations, ${called.size} called, ${succeeded.size} answered a success; ` +
        `${contract.calls.length} answers checked against ${OPENAPI_PATH}, ${contract.failures.length} did not match`,
    );
    expect(operations.filter((o) => !called.has(o))).toEqual([]);
    expect(operations.filter((o) => !succeeded.has(o))).toEqual([]);
  });
});

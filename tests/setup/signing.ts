import { expect } from 'vitest';
import { inHours } from './rounds';
import type { Overrides, SoftwareAuthenticator } from './software-authenticator';
import type { TestApp } from './test-app';

// Signing bids with a passkey in the API tests (decision 039): options for an act, the software authenticator's
// answer, and the bid posted with it.

type Api = Pick<TestApp, 'request'>;

export interface SignatureOptionsAnswer {
  challengeId: string;
  statement: string;
  options: {
    challenge: string;
    rpId?: string;
    userVerification?: string;
    allowCredentials?: { id: string }[];
  };
}

/** The body of POST /api/bids without its signature. */
export const bidBody = (bidRoundId: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  bidRoundId,
  amount,
  conditions: '',
  bidDeadline: inHours(6),
  ...overrides,
});

export function askSignatureOptions(api: Api, cookie: string, bid: object) {
  return api.request({
    method: 'POST',
    url: '/api/signatures/options',
    cookie,
    payload: { act: 'bid', bid },
  });
}

export async function signatureOptionsFor(api: Api, cookie: string, bid: object) {
  const res = await askSignatureOptions(api, cookie, bid);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SignatureOptionsAnswer;
}

/** The passkey's answer to the options, as `signature` in the bid's body. */
export function signatureFrom(
  authenticator: SoftwareAuthenticator,
  answer: SignatureOptionsAnswer,
  overrides: Overrides = {},
) {
  return { challengeId: answer.challengeId, response: authenticator.authenticate(answer.options, overrides) };
}

export function postBid(api: Api, cookie: string, body: object) {
  return api.request({ method: 'POST', url: '/api/bids', cookie, payload: body });
}

/** Asks for options for `bid`, signs them with the authenticator and posts the bid with its signature. */
export async function placeSignedBid(
  api: Api,
  cookie: string,
  authenticator: SoftwareAuthenticator,
  bid: object,
) {
  const answer = await signatureOptionsFor(api, cookie, bid);
  return postBid(api, cookie, { ...bid, signature: signatureFrom(authenticator, answer) });
}

import { expect } from 'vitest';
import { signInVerified } from './admin';
import { unknownId, type WalkContext } from './api-contract-walks';
import { createRoundAs } from './rounds';
import { askSignatureOptions, bidBody, postBid, signatureFrom, signatureOptionsFor } from './signing';
import type { SoftwareAuthenticator } from './software-authenticator';
import type { TestApp } from './test-app';

/**
 * Signing a bid with a passkey (decision 039), by a user who has one: the options (200), an unknown round
 * (404), a user without a passkey (409), the signed bid (201) and its challenge used again (400).
 */
export async function signedBidWalk(c: WalkContext, cookie: string, authenticator: SoftwareAuthenticator) {
  const { api } = c;
  const owner = await signInVerified(api, 'signering.selger@example.no');
  const round = await createRoundAs(api as TestApp, owner);
  const bid = bidBody(round.id, 4_100_000);
  expect((await askSignatureOptions(api, cookie, bidBody(unknownId(), 4_100_000))).statusCode).toBe(404);
  expect((await askSignatureOptions(api, owner, bid)).statusCode).toBe(409);
  const answer = await signatureOptionsFor(api, cookie, bid);
  const signature = signatureFrom(authenticator, answer);
  expect((await postBid(api, cookie, { ...bid, signature })).statusCode).toBe(201);
  expect((await postBid(api, cookie, { ...bid, amount: 4_200_000, signature })).statusCode).toBe(400);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import {
  ARNES_TERMS,
  BERITS_TERMS,
  inTimeOrder,
  journalOf,
  playRecordedRound,
  REJECTION_WORDS,
  summary,
} from '../../../../tests/setup/journal-acts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalAct } from '../../../shared/schemas/journal';

// Decision 036: the admin's round view shows the same acts as the journals, for an
// open round so far and for a closed one with its acceptance and close, naming every bidder as the owner's
// copy does. Only admins may read it.

let t: TestApp;
let h: CounterOfferHelpers;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const actsOf = (roundId: string, cookie?: string) =>
  t.request({ method: 'GET', url: `/api/admin/bid-rounds/${roundId}/acts`, ...(cookie ? { cookie } : {}) });

describe('the admin’s record of a round', () => {
  it('is for admins only: 401 for a visitor, 403 for the owner and a bidder, 404 for an unknown round', async () => {
    const { owner, a, roundId } = await h.setting();
    expect((await actsOf(roundId)).statusCode).toBe(401);
    expect((await actsOf(roundId, owner.cookie)).statusCode).toBe(403);
    expect((await actsOf(roundId, a.cookie)).statusCode).toBe(403);
    const unknown = await actsOf('00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    expect((await actsOf('ikke-en-id', admin.cookie)).statusCode).toBe(400);
  });

  it('an open round: its acts so far, named, with the seller’s words and the conditions; an open counter-offer', async () => {
    const { owner, roundId, bidB } = await playRecordedRound(h, { close: false });
    await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000, { conditions: 'Siste tilbud' });
    const res = await actsOf(roundId, admin.cookie);
    expect(res.statusCode).toBe(200);
    const acts = res.json() as JournalAct[];
    expect(summary(acts)).toEqual([
      ['Bud', 'Arne Test', 4_100_000],
      ['Bud', 'Berit Test', 5_250_000],
      ['Motbud', 'Arne Test', 4_600_000],
      ['Motbud trukket', 'Arne Test', 4_600_000],
      ['Motbud', 'Berit Test', 5_500_000],
      ['Motbud avslått', 'Berit Test', 5_500_000],
      ['Avslag', 'Arne Test', 4_100_000],
      ['Motbud', 'Berit Test', 5_400_000],
    ]);
    expect(inTimeOrder(acts)).toBe(true);
    expect(acts.map((x) => x.conditions ?? x.message).filter(Boolean)).toEqual([
      ARNES_TERMS,
      ARNES_TERMS,
      BERITS_TERMS,
      BERITS_TERMS,
      REJECTION_WORDS,
      'Siste tilbud',
    ]);
  });

  it('a closed round: the same acts as the owner’s journal, with the acceptance and the close', async () => {
    const { owner, roundId } = await playRecordedRound(h);
    const res = await actsOf(roundId, admin.cookie);
    expect(res.statusCode).toBe(200);
    const acts = res.json() as JournalAct[];
    expect(acts.slice(-2).map((x) => x.kind)).toEqual(['Motbud akseptert', 'Budrunden lukket']);
    expect(acts).toEqual((await journalOf(t, roundId, owner.cookie)).acts);
  });

  it('a round closed by choosing a winner: the acceptance and the close, as in the journal', async () => {
    const { owner, roundId, bidB } = await h.setting();
    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/select-winner/${bidB.id}`,
      cookie: owner.cookie,
    });
    expect(chosen.statusCode).toBe(200);
    const acts = (await actsOf(roundId, admin.cookie)).json() as JournalAct[];
    expect(summary(acts)).toEqual([
      ['Bud', 'Arne Test', 4_100_000],
      ['Bud', 'Berit Test', 5_250_000],
      ['Vinner valgt', 'Berit Test', 5_250_000],
      ['Budrunden lukket', null, null],
    ]);
    expect(acts).toEqual((await journalOf(t, roundId, owner.cookie)).acts);
  });
});

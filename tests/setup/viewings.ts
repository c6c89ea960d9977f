import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { roundViewings } from '../../src/server/db/listing-schema';
import { jobs } from '../../src/server/db/schema';
import { makeOsloDate } from '../../src/shared/format/date';
import type { BidRoundView, ViewingView } from '../../src/shared/schemas/bid-round';
import type { TestApp } from './test-app';

/** A round's deadline far enough ahead (now is late 2026) for every viewing the tests add in 2027. */
export const LATE_DEADLINE = '2027-06-30T10:00:00.000Z';

/** An Oslo wall-clock time on a day, as an ISO instant: osloTime('2027-03-24', '18:00'). */
export function osloTime(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return makeOsloDate(year, month, date, hour, minute).toISOString();
}

/** A viewing's body: on an Oslo day, between two Oslo times. */
export const viewingOn = (day: string, from = '17:00', to = '18:00', note?: string) => ({
  startsAt: osloTime(day, from),
  endsAt: osloTime(day, to),
  ...(note === undefined ? {} : { note }),
});

export const viewingsUrl = (roundId: string) => `/api/bid-rounds/${roundId}/viewings`;

export function postViewing(t: TestApp, cookie: string | undefined, roundId: string, body: object) {
  return t.request({ method: 'POST', url: viewingsUrl(roundId), cookie, payload: body });
}

export async function addViewingOk(t: TestApp, cookie: string, roundId: string, body: object) {
  const res = await postViewing(t, cookie, roundId, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { viewing: ViewingView }).viewing;
}

export function removeViewing(t: TestApp, cookie: string | undefined, roundId: string, viewingId: string) {
  return t.request({ method: 'DELETE', url: `${viewingsUrl(roundId)}/${viewingId}`, cookie });
}

export async function roundView(t: TestApp, cookie: string, roundId: string): Promise<BidRoundView> {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Moves a viewing into the past, as if time had passed (the database's clock cannot be moved): it began
 * two hours ago and ended an hour ago, and its follow-up job is due now.
 */
export async function viewingHasTakenPlace(t: TestApp, viewingId: string) {
  await t.deps.db
    .update(roundViewings)
    .set({ startsAt: sql`now() - interval '2 hours'`, endsAt: sql`now() - interval '1 hour'` })
    .where(eq(roundViewings.id, viewingId));
  await t.deps.db
    .update(jobs)
    .set({ runAt: sql`now()`, completedAt: null })
    .where(sql`${jobs.payload}->>'viewingId' = ${viewingId}`);
}

/** Signs up for a viewing, or off it (method DELETE). */
export function signup(
  t: TestApp,
  method: 'POST' | 'DELETE',
  cookie: string | undefined,
  roundId: string,
  viewingId: string,
) {
  return t.request({ method, url: `${viewingsUrl(roundId)}/${viewingId}/signup`, cookie });
}

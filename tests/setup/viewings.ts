import Holidays from 'date-holidays';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { roundViewings } from '../../src/server/db/listing-schema';
import { jobs } from '../../src/server/db/schema';
import { getOsloParts, makeOsloDate } from '../../src/shared/format/date';
import type { BidRoundView, ViewingView } from '../../src/shared/schemas/bid-round';
import type { TestApp } from './test-app';

// The database's clock cannot be moved and a viewing may not be in the past, so the tests' days are counted
// from today: they pass on any date.

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the Oslo calendar day `days` days from today (negative: in the past). */
export function osloDayAhead(days: number): string {
  const p = getOsloParts(new Date(Date.now() + days * DAY_MS));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of the calendar day `days` days after another. */
export function dayAfter(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A round's deadline far enough ahead for every viewing the tests add: the general ones fall within a
 * year, the 12:00 rule's holiday examples within the years of its table.
 */
export const LATE_DEADLINE = `${new Date().getUTCFullYear() + 4}-06-30T10:00:00.000Z`;

const norway = new Holidays('NO');
const isPlainWorkingDay = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const holidays = norway.isHoliday(new Date(`${day}T12:00:00Z`)) || [];
  return weekday >= 1 && weekday <= 5 && !holidays.some((h) => h.type === 'public');
};

/**
 * Two plain working weeks at least `days` days ahead, as a function from an offset to the day: 0 is the
 * first Monday, 4 its Friday, 7 the next Monday, 11 that Friday. No public holiday falls on any of their
 * weekdays, so the first working day after a viewing is the next weekday, and after a Friday the Monday.
 */
export function plainWeeksAhead(days: number): (offset: number) => string {
  let monday = osloDayAhead(days);
  for (;;) {
    while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = dayAfter(monday);
    const weekdays = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((offset) => dayAfter(monday, offset));
    if (weekdays.every(isPlainWorkingDay)) return (offset) => dayAfter(monday, offset);
    monday = dayAfter(monday);
  }
}

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

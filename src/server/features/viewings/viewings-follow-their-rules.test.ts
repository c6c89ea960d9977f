import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  dayAfter,
  LATE_DEADLINE,
  osloDayAhead,
  osloTime,
  postViewing,
  removeViewing,
  roundView,
  viewingHasTakenPlace,
  viewingOn,
} from '../../../../tests/setup/viewings';

// Decision 045 and its bad input: the owner (or an admin) adds and removes viewings of an open round;
// a viewing ends after it starts, on the same day, is not in the past and is over by the round's deadline.

let t: TestApp;
let seller: string;
let stranger: string;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-visning@example.no');
  stranger = await signInVerified(t, 'fremmed-visning@example.no');
  admin = await signInAdmin(t, 'admin-visning@example.no');
});
afterAll(() => t.close());

// Days counted from today, so that the viewings are always ahead (see tests/setup/viewings.ts).
const DAY = osloDayAhead(30);
const LATER = osloDayAhead(37);
const AFTER_THE_DEADLINE = dayAfter(LATE_DEADLINE.slice(0, 10));

const newRound = () => createRoundAs(t, seller, { title: 'Visningshuset', deadline: LATE_DEADLINE });

describe('adding a viewing', () => {
  it('the owner adds one: 201 with the viewing, which every round view then shows, sorted, note trimmed', async () => {
    const round = await newRound();
    const later = await addViewingOk(t, seller, round.id, viewingOn(LATER, '13:00', '14:00', '  '));
    const res = await postViewing(
      t,
      seller,
      round.id,
      viewingOn(DAY, '12:00', '12:45', '  Ta med legitimasjon  '),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { viewing } = res.json();
    expect(viewing).toEqual({
      id: expect.any(String),
      startsAt: osloTime(DAY, '12:00'),
      endsAt: osloTime(DAY, '12:45'),
      note: 'Ta med legitimasjon',
    });
    expect(later.note).toBeNull();
    for (const cookie of [seller, stranger])
      expect((await roundView(t, cookie, round.id)).viewings).toEqual([viewing, later]);
    const publicRound = (await t.request({ method: 'GET', url: '/api/bid-rounds/active' }))
      .json()
      .find((r: { id: string }) => r.id === round.id);
    expect(publicRound.viewings).toEqual([viewing, later]);
    expect((await roundView(t, seller, round.id)).changes.map((c) => c.kind)).toEqual([
      'viewing-added',
      'viewing-added',
    ]);
  });

  it('takes times with an offset as the same instants', async () => {
    const round = await newRound();
    const viewing = await addViewingOk(t, seller, round.id, {
      startsAt: `${DAY}T13:00:00+02:00`,
      endsAt: `${DAY}T14:30:00+02:00`,
    });
    expect(viewing.startsAt).toBe(`${DAY}T11:00:00.000Z`);
    expect(viewing.endsAt).toBe(`${DAY}T12:30:00.000Z`);
  });

  it('an admin may add one too, recorded as the admin’s; a visitor gets 401, anyone else 403, an unknown round 404', async () => {
    const round = await newRound();
    const body = viewingOn(DAY);
    expect((await postViewing(t, undefined, round.id, body)).statusCode).toBe(401);
    const refused = await postViewing(t, stranger, round.id, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bare selgeren eller en administrator kan gjøre dette');
    const unknown = await postViewing(t, seller, '00000000-0000-4000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
    expect((await roundView(t, seller, round.id)).viewings).toEqual([]);
    await addViewingOk(t, admin.cookie, round.id, body);
    expect((await roundView(t, seller, round.id)).changes).toEqual([
      { at: expect.any(String), kind: 'viewing-added', byAdmin: true },
    ]);
  });

  it.each([
    [
      'ends before it starts',
      viewingOn(DAY, '18:00', '17:00'),
      'endsAt',
      'Visningen må slutte etter at den starter',
    ],
    [
      'ends as it starts',
      viewingOn(DAY, '18:00', '18:00'),
      'endsAt',
      'Visningen må slutte etter at den starter',
    ],
    [
      'ends the next day in Oslo',
      { startsAt: osloTime(DAY, '23:00'), endsAt: osloTime(dayAfter(DAY), '00:30') },
      'endsAt',
      'Visningen må starte og slutte samme dag',
    ],
    ['is in the past', viewingOn(osloDayAhead(-2)), 'startsAt', 'Visningen kan ikke være tilbake i tid'],
    [
      'ends after the round’s deadline',
      viewingOn(AFTER_THE_DEADLINE),
      'endsAt',
      'Visningen må være ferdig før budfristen for budrunden',
    ],
    [
      'has a note over 500 characters',
      viewingOn(DAY, '17:00', '18:00', 'x'.repeat(501)),
      'note',
      'Merknaden kan ha høyst 500 tegn',
    ],
    [
      'has a time without an offset',
      { startsAt: `${DAY}T17:00:00`, endsAt: `${DAY}T18:00:00` },
      'startsAt',
      'Ugyldig tidspunkt',
    ],
  ])('one that %s: 400 with the reason on its field, nothing stored', async (_what, body, path, message) => {
    const round = await newRound();
    const res = await postViewing(t, seller, round.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    const view = await roundView(t, seller, round.id);
    expect(view.viewings).toEqual([]);
    expect(view.changes).toEqual([]);
    expect(view.minimumBidDeadline).toBeNull();
  });

  it('a closed round takes none: 409', async () => {
    const round = await newRound();
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    const res = await postViewing(t, seller, round.id, viewingOn(DAY));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Budrunden er allerede lukket');
  });
});

describe('removing a viewing', () => {
  it('the owner removes one: 200 with a message, gone from the round, recorded, followers mailed', async () => {
    const follower = await signInVerified(t, 'folger-visning@example.no');
    const round = await newRound();
    const viewing = await addViewingOk(t, seller, round.id, viewingOn(DAY));
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: follower });
    expect((await removeViewing(t, stranger, round.id, viewing.id)).statusCode).toBe(403);
    expect((await removeViewing(t, undefined, round.id, viewing.id)).statusCode).toBe(401);
    const res = await removeViewing(t, seller, round.id, viewing.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Visningen er fjernet' });
    const view = await roundView(t, seller, round.id);
    expect(view.viewings).toEqual([]);
    expect(view.changes.map((c) => c.kind)).toEqual(['viewing-added', 'viewing-removed']);
    await t.runJobs();
    const mails = await t.mails('folger-visning@example.no');
    expect(mails.map((m) => m.subject)).toEqual(['Endring i budrunden: Visningshuset']);
    expect(mails[0]?.text).toContain('En visning er fjernet.');
    // Gone: a second removal, or a viewing id of another round, is not found.
    const again = await removeViewing(t, seller, round.id, viewing.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Fant ikke visningen');
    const other = await newRound();
    const elsewhere = await addViewingOk(t, seller, other.id, viewingOn(dayAfter(DAY)));
    expect((await removeViewing(t, seller, round.id, elsewhere.id)).statusCode).toBe(404);
  });

  it('an admin may remove one; one that has begun or taken place stays (409), as does any on a closed round', async () => {
    const round = await newRound();
    const first = await addViewingOk(t, seller, round.id, viewingOn(DAY));
    const second = await addViewingOk(t, seller, round.id, viewingOn(dayAfter(DAY, 2)));
    expect((await removeViewing(t, admin.cookie, round.id, second.id)).statusCode).toBe(200);
    await viewingHasTakenPlace(t, first.id);
    const res = await removeViewing(t, seller, round.id, first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Visningen har allerede vært');
    expect((await roundView(t, seller, round.id)).viewings.map((v) => v.id)).toEqual([first.id]);

    const third = await addViewingOk(t, seller, round.id, viewingOn(dayAfter(DAY, 3)));
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    expect((await removeViewing(t, seller, round.id, third.id)).statusCode).toBe(409);
  });
});

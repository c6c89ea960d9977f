import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  osloTime,
  viewingOn,
  viewingsUrl,
} from '../../../../tests/setup/viewings';

// 'Legg i kalender' downloads the viewing as an iCalendar file, with the address as its
// location and the round's link. Visitors may have it: the cards show them the same times (decision 045).

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-kalender@example.no');
});
afterAll(() => t.close());

/** The calendar's lines, folded lines joined again (RFC 5545 §3.1), as name → value of the first of each. */
function properties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const found = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0] ?? '';
    if (colon > 0 && !found.has(name)) found.set(name, line.slice(colon + 1));
  }
  return found;
}

describe('a viewing in the calendar', () => {
  it('is an iCalendar file with the title, the address, the times in UTC, a stable UID and the round’s link', async () => {
    const round = await createRoundAs(t, seller, {
      title: 'Kalenderhuset',
      address: 'Solveien 12, 1357 Bekkestua',
      deadline: LATE_DEADLINE,
    });
    const day = osloDayAhead(20);
    const viewing = await addViewingOk(
      t,
      seller,
      round.id,
      viewingOn(day, '17:00', '18:30', 'Ring på hos Hansen'),
    );
    const url = `${viewingsUrl(round.id)}/${viewing.id}/calendar.ics`;
    // A visitor, without a session.
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="visning-${day}.ics"`);
    const ics = properties(res.body);
    expect(res.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics.get('BEGIN')).toBe('VCALENDAR');
    expect(ics.get('SUMMARY')).toBe('Visning: Kalenderhuset');
    expect(ics.get('LOCATION')).toBe('Solveien 12\\, 1357 Bekkestua');
    // 17:00 and 18:30 in Oslo that day, written in UTC: 20270324T160000Z in winter time.
    const utc = (time: string) => osloTime(day, time).replace(/[-:]|\.000/g, '');
    expect(ics.get('DTSTART')).toBe(utc('17:00'));
    expect(ics.get('DTEND')).toBe(utc('18:30'));
    expect(utc('17:00')).toMatch(/^\d{8}T1[56]0000Z$/);
    expect(ics.get('UID')).toBe(`${viewing.id}@localhost`);
    const link = `http://localhost:5000/budrunder/${round.id}`;
    expect(ics.get('URL')).toBe(link);
    expect(ics.get('DESCRIPTION')).toContain('Ring på hos Hansen');
    expect(ics.get('DESCRIPTION')).toContain(link);

    // The same file for a signed-in user, and again the same UID: a calendar updates the one entry.
    const again = await t.request({ method: 'GET', url, cookie: seller });
    expect(properties(again.body).get('UID')).toBe(`${viewing.id}@localhost`);
  });

  it('an unknown viewing, or one of another round, is not found', async () => {
    const round = await createRoundAs(t, seller, { deadline: LATE_DEADLINE });
    const other = await createRoundAs(t, seller, { deadline: LATE_DEADLINE });
    const viewing = await addViewingOk(t, seller, other.id, viewingOn(osloDayAhead(21)));
    for (const url of [
      `${viewingsUrl(round.id)}/${viewing.id}/calendar.ics`,
      `${viewingsUrl(round.id)}/00000000-0000-4000-8000-000000000000/calendar.ics`,
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Fant ikke visningen');
    }
    const unknownRound = await t.request({
      method: 'GET',
      url: `${viewingsUrl('00000000-0000-4000-8000-000000000000')}/${viewing.id}/calendar.ics`,
    });
    expect(unknownRound.statusCode).toBe(404);
    expect(unknownRound.json().message).not.toBe('Fant ikke visningen');
  });
});

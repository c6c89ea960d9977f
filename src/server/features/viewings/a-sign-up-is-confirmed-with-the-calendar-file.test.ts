import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  signup,
  viewingOn,
} from '../../../../tests/setup/viewings';

// Signing up for a viewing is confirmed by mail, with the viewing as a calendar file (the same file as
// 'Legg i kalender'); asking again, or signing off, sends nothing more.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a sign-up for a viewing', () => {
  it('is confirmed by mail with the viewing as an .ics file, once', async () => {
    const seller = await signInVerified(t, 'selger-pamelding@example.no');
    const buyer = await signInVerified(t, 'kjoper-pamelding@example.no');
    const round = await createRoundAs(t, seller, {
      title: 'Påmeldingshuset',
      address: 'Visningsveien 3, 0150 Oslo',
      deadline: LATE_DEADLINE,
    });
    const viewing = await addViewingOk(t, seller, round.id, viewingOn(osloDayAhead(20), '17:00', '18:00'));
    expect((await signup(t, 'POST', buyer, round.id, viewing.id)).statusCode).toBe(200);
    expect((await signup(t, 'POST', buyer, round.id, viewing.id)).statusCode).toBe(200);
    await t.runJobs();
    const mails = (await t.mails('kjoper-pamelding@example.no')).filter((m) =>
      m.subject.startsWith('Du er påmeldt visningen'),
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Du er påmeldt visningen: Påmeldingshuset');
    expect(mail?.text).toMatch(
      /Du er påmeldt visningen av Påmeldingshuset, Visningsveien 3, 0150 Oslo \S+ \d+\. \S+ kl\. 17:00–18:00\./,
    );
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail?.attachments ?? [];
    expect(file?.filename).toMatch(/\.ics$/);
    expect(file?.contentType).toBe('text/calendar; charset=utf-8');
    expect(file?.content).toContain('BEGIN:VCALENDAR');
    expect(file?.content).toContain(`UID:${viewing.id}@localhost`);
    expect(file?.content).toContain('SUMMARY:Visning: Påmeldingshuset');
    // Off and on again: a new confirmation, since the person was off the list in between.
    expect((await signup(t, 'DELETE', buyer, round.id, viewing.id)).statusCode).toBe(200);
    await t.runJobs();
    expect(
      (await t.mails('kjoper-pamelding@example.no')).filter((m) => m.subject.startsWith('Du er påmeldt')),
    ).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { makePdf, putProspectus } from '../../../../tests/setup/prospectus';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { roundChanges } from '../../db/listing-schema';

// The salgsoppgave (decision 044): every signed-in user downloads it as 'salgsoppgave-<tittel>.pdf', also
// once the round has ended; visitors get 401. Each change is in the round's 'Endringer', and followers get
// one mail.
let t: TestApp;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  pdf = await makePdf('Salgsoppgave: 3 soverom, balkong mot vest');
});
afterAll(() => t.close());

let n = 0;
const person = (name: string) => signInVerified(t, `${name}-${++n}@example.no`);
const download = (cookie: string | undefined, roundId: string) =>
  t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/prospectus`, cookie });

describe('GET /api/bid-rounds/{id}/prospectus', () => {
  it('gives any signed-in user the same bytes, as an attachment named after the round, never cached', async () => {
    const owner = await person('selger');
    const round = await createRoundAs(t, owner, { title: 'Solrik leilighet på Grünerløkka' });
    expect((await putProspectus(t, owner, round.id, pdf)).statusCode).toBe(200);
    for (const cookie of [
      await person('byder'),
      owner,
      (await signInAdmin(t, 'admin-dl@example.no')).cookie,
    ]) {
      const res = await download(cookie, round.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="salgsoppgave-solrik-leilighet-pa-grunerlokka.pdf"',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('refuses visitors with 401, and answers 404 for a round without one or an unknown round', async () => {
    const owner = await person('selger');
    const round = await createRoundAs(t, owner);
    const bidder = await person('byder');
    const none = await download(bidder, round.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Budrunden har ingen salgsoppgave');
    expect((await download(bidder, randomUUID())).statusCode).toBe(404);
    await putProspectus(t, owner, round.id, pdf);
    const visitor = await download(undefined, round.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('%PDF');
  });

  it('keeps it downloadable after the round has closed', async () => {
    const owner = await person('selger');
    const round = await createRoundAs(t, owner);
    await putProspectus(t, owner, round.id, pdf);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: owner });
    const res = await download(await person('byder'), round.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });
});

describe('the change log and the followers', () => {
  it('records added, replaced and removed, and mails each follower once per change', async () => {
    const owner = await person('selger');
    const round = await createRoundAs(t, owner, { title: 'Rekkehus med hage' });
    const followerEmail = `folger-${++n}@example.no`;
    const follower = await signInVerified(t, followerEmail, { firstName: 'Fredrik' });
    const follow = await t.request({
      method: 'POST',
      url: `/api/bid-rounds/${round.id}/follow`,
      cookie: follower,
    });
    expect(follow.statusCode, follow.body).toBe(200);

    await putProspectus(t, owner, round.id, pdf);
    await putProspectus(t, owner, round.id, await makePdf('Oppdatert salgsoppgave'));
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/bid-rounds/${round.id}/prospectus`,
      cookie: owner,
    });
    expect(removed.json().changes.map((c: { kind: string }) => c.kind)).toEqual([
      'prospectus-added',
      'prospectus-replaced',
      'prospectus-removed',
    ]);
    const rows = await t.deps.db
      .select({ kind: roundChanges.kind, byAdmin: roundChanges.byAdmin })
      .from(roundChanges)
      .where(eq(roundChanges.bidRoundId, round.id))
      .orderBy(asc(roundChanges.madeAt));
    expect(rows.every((row) => !row.byAdmin)).toBe(true);

    await t.runJobs();
    const mails = await t.mails(followerEmail);
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill('Endring i budrunden: Rekkehus med hage'));
    // One mail per change, each naming its own (delivered in any order).
    const said = mails.map((m) => m.text.match(/Salgsoppgaven er [a-z ]+\./)?.[0]).sort();
    expect(said).toEqual([
      'Salgsoppgaven er byttet ut.',
      'Salgsoppgaven er fjernet.',
      'Salgsoppgaven er lagt ut.',
    ]);
    // The owner is not mailed about their own change.
    expect(
      (await t.mails()).filter((m) => m.subject.startsWith('Endring i budrunden: Rekkehus')),
    ).toHaveLength(3);
  });

  it('records an admin’s change as the admin’s', async () => {
    const owner = await person('selger');
    const round = await createRoundAs(t, owner);
    const admin = await signInAdmin(t, 'admin-endring@example.no');
    const res = await putProspectus(t, admin.cookie, round.id, pdf);
    expect(res.json().changes).toEqual([
      expect.objectContaining({ kind: 'prospectus-added', byAdmin: true }),
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, signInAdmin } from '../../../../tests/setup/admin';
import { rejectionHelpers } from '../../../../tests/setup/rejections';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { roundChanges } from '../../db/listing-schema';

// Decision 046: an administrator may make the owner's edits; each is recorded as the admin's, in the
// round's change log (byAdmin, made by the admin) and in the admin audit trail.

let t: TestApp;
let h: ReturnType<typeof rejectionHelpers>;
let owner: { cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = rejectionHelpers(t);
  owner = await h.person('Selma');
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const logOf = (roundId: string) =>
  t.deps.db.select().from(roundChanges).where(eq(roundChanges.bidRoundId, roundId));

describe('an administrator edits someone else’s round', () => {
  it('changes it, and the log, the audit trail and every view say an admin did', async () => {
    const round = await createRoundAs(t, owner.cookie, { title: 'Eierens tittel', description: 'Feil.' });
    const res = await t.request({
      method: 'PATCH',
      url: `/api/bid-rounds/${round.id}`,
      cookie: admin.cookie,
      payload: { description: 'Rettet av administrator.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as BidRoundView;
    expect(answered).toMatchObject({ isOwner: false, property: { description: 'Rettet av administrator.' } });
    expect(answered.changes).toEqual([{ at: expect.any(String), kind: 'description', byAdmin: true }]);

    expect(await logOf(round.id)).toMatchObject([{ kind: 'description', madeBy: admin.id, byAdmin: true }]);
    expect(await auditRowsFor(t, round.id)).toMatchObject([
      {
        adminId: admin.id,
        action: 'edit-round',
        targetType: 'round',
        summary: 'Endret budrunden «Eierens tittel»: beskrivelsen er endret',
      },
    ]);
    const ownersView = (await h.round(round.id, owner.cookie)) as BidRoundView;
    expect(ownersView.changes.map((c) => c.byAdmin)).toEqual([true]);
    const panel = await t.request({ method: 'GET', url: '/api/bid-rounds/all', cookie: admin.cookie });
    const inPanel = (panel.json() as BidRoundView[]).find((r) => r.id === round.id);
    expect(inPanel?.changes.map((c) => [c.kind, c.byAdmin])).toEqual([['description', true]]);
  });

  it('an admin’s new starting price is a change by an admin, with one audit row naming both prices', async () => {
    const round = await createRoundAs(t, owner.cookie);
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/starting-bid`,
      cookie: admin.cookie,
      payload: { newStartingBid: 3_900_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(await logOf(round.id)).toMatchObject([{ kind: 'starting-price', byAdmin: true }]);
    expect((await auditRowsFor(t, round.id)).map((a) => a.action)).toEqual(['update-starting-price']);
  });

  it('the owner’s own edit leaves no audit row', async () => {
    const round = await createRoundAs(t, owner.cookie);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/bid-rounds/${round.id}`,
      cookie: owner.cookie,
      payload: { address: 'Eierens nye adresse 2' },
    });
    expect(res.statusCode).toBe(200);
    expect(await logOf(round.id)).toMatchObject([{ kind: 'address', byAdmin: false }]);
    expect(await auditRowsFor(t, round.id)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';
import { findUserIdByEmail } from '../accounts/accounts.repository';

let t: TestApp;
let admin: { id: string; cookie: string };
let otherAdmin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  otherAdmin = await signInAdmin(t, 'admin2@example.no');
});
afterAll(() => t.close());

const idOf = async (email: string) => (await findUserIdByEmail(t.deps.db, email)) ?? '';

describe('deleting an account while its rounds end', () => {
  it.each([1, 2, 3])(
    'run %i: an admin deletes a seller while another admin closes the seller’s round; neither fails',
    async (run) => {
      const email = `selger-${run}@example.no`;
      const seller = await signInVerified(t, email);
      const bidder = await signInVerified(t, `byder-${run}@example.no`);
      const round = await createRoundAs(t, seller);
      await placeBidOk(t, bidder, round.id, 4_100_000);
      const [deleted, closed] = await Promise.all([
        t.request({ method: 'DELETE', url: `/api/admin/users/${await idOf(email)}`, cookie: admin.cookie }),
        t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: otherAdmin.cookie }),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      // Whichever came first closed the round; the other found it closed.
      expect([200, 409], closed.body).toContain(closed.statusCode);
    },
  );

  it.each([1, 2, 3])(
    'run %i: a bidder deleted while the round closes never leaves their details in a journal',
    async (run) => {
      const seller = await signInVerified(t, `eier-${run}@example.no`);
      const email = `forsvinner-${run}@example.no`;
      const bidder = await signInVerified(t, email, {
        firstName: 'Forsvinn',
        lastName: `Personsen${run}`,
        phone: '+47 98765432',
        bankName: 'Hemmelig Bank',
      });
      const round = await createRoundAs(t, seller);
      await placeBidOk(t, bidder, round.id, 4_200_000);
      const [deleted, closed] = await Promise.all([
        t.request({ method: 'DELETE', url: `/api/admin/users/${await idOf(email)}`, cookie: admin.cookie }),
        t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller }),
      ]);
      expect([deleted.statusCode, closed.statusCode]).toEqual([200, 200]);
      const journals = (
        await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie: seller })
      ).json();
      const journal = (journals as JournalView[]).find((j) => j.bidRound.id === round.id);
      const text = JSON.stringify(journal);
      expect(journal?.journalData).toHaveLength(1);
      for (const secret of [email, `Personsen${run}`, '98765432', 'Hemmelig Bank']) {
        expect(text).not.toContain(secret);
      }
    },
  );
});

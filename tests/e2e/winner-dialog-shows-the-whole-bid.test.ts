import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { uploadProof } from '../../src/server/features/financing-proofs/financing-proofs.service';
import { placeBidSchema } from '../../src/shared/schemas/bid';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { openRound } from './seller-and-bidder';

// 'Velg som vinner' shows the whole bid before the binding click: the amount in digits and
// words, conditions, acceptance deadline, financing plan, takeover day, the proof, and who to call. From the
// plain list (where the bid carries none of it) on a phone, and from the detailed view on a desktop.

/** A day about two months ahead, 'YYYY-MM-DD': never in the past, whatever the test machine's zone. */
const TAKEOVER = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

/** The dialog's definition list as [term, value] pairs, whitespace (amounts' no-break spaces too) as one space. */
function facts(dialog: Locator): Promise<[string, string][]> {
  return dialog.locator('dl').evaluate((dl) => {
    const text = (el: Element) => ((el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
    return [...dl.querySelectorAll('dt')].map((dt) => [
      text(dt),
      dt.nextElementSibling ? text(dt.nextElementSibling) : '',
    ]);
  });
}

describe.skipIf(!chromiumAvailable())(
  'the winner dialog shows the whole bid before the binding click',
  () => {
    let server: E2eServer;
    let browser: Browser;
    let roundUrl: string;
    let bidId = '';

    beforeAll(async () => {
      [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
      const { deps } = server;
      const seller = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
      const bidderId = await createVerifiedUser(deps.db, 'anna.andersen@example.no', 'Anna', 'Andersen', {
        phone: '912 34 567',
      });
      const roundId = await openRound(deps.db, seller, {
        title: 'Vinnerhuset',
        address: 'Vinnerveien 10, 0150 Oslo',
        days: 3,
      });
      const bidder = (await findViewerById(deps.db, bidderId)) as Viewer;
      const proof = await uploadProof(
        deps,
        bidder,
        'application/pdf',
        Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      );
      const placed = await placeBid(
        deps,
        bidder,
        placeBidSchema.parse({
          bidRoundId: roundId,
          amount: 5_250_000,
          conditions: 'Forbehold om salg av egen bolig',
          bidDeadline: new Date(Date.now() + 86_400_000).toISOString(),
          financingProofId: proof.id,
          financing: { equity: 1_500_000, loan: 3_800_000, lender: 'DNB' },
          takeoverDate: TAKEOVER,
        }),
      );
      bidId = placed.id;
      roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('at 390 px, from the plain list: every term of the bid and who bid, focus on Avbryt; axe finds nothing', async () => {
      const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
      await logIn(page, server.baseUrl, 'sofie@example.no', PASSWORD);
      await page.goto(roundUrl);
      await page.getByRole('button', { name: 'Velg som vinner' }).click({ timeout: 15_000 });
      const dialog = page.getByRole('dialog', { name: 'Velg vinner av budrunden' });
      await dialog.getByRole('term').first().waitFor({ timeout: 10_000 });

      const shown = await facts(dialog);
      expect(shown.map(([term]) => term)).toEqual([
        'Beløp',
        'Forbehold',
        'Akseptfrist',
        'Finansieringsplan',
        'Ønsket overtakelse',
        'Finansieringsbevis',
        'Budgiver',
        'Telefon',
        'E-post',
      ]);
      const value = Object.fromEntries(shown);
      expect(value.Beløp).toBe('5 250 000 kr fem millioner to hundre og femti tusen kroner');
      expect(value.Forbehold).toBe('Forbehold om salg av egen bolig');
      // The deadline a day ahead, with the time left while the round is open.
      expect(value.Akseptfrist).toMatch(/^\d{1,2}\. \p{L}+ \d{4}.*\d{2}[:.]\d{2}.*\(.+\)$/u);
      expect(value.Finansieringsplan).toBe('1 500 000 kr egenkapital + 3 800 000 kr lån (DNB)');
      expect(value['Ønsket overtakelse']).toMatch(/^\d{1,2}\. \p{L}+ \d{4}$/u);
      expect(value.Budgiver).toBe('Anna Andersen (Budgiver A)');
      expect(value.Telefon).toBe('912 34 567');
      expect(value['E-post']).toBe('anna.andersen@example.no');

      // The proof downloads, the phone calls and the address mails with one tap.
      const proofLink = dialog.getByRole('link', { name: 'Vedlagt (last ned)' });
      expect(await proofLink.getAttribute('href')).toBe(`/api/bids/${bidId}/financing-proof`);
      const status = await page.evaluate(
        async (href) => (await fetch(href, { credentials: 'same-origin' })).status,
        `/api/bids/${bidId}/financing-proof`,
      );
      expect(status).toBe(200);
      expect(await dialog.getByRole('link', { name: '912 34 567' }).getAttribute('href')).toBe(
        'tel:91234567',
      );
      expect(await dialog.getByRole('link', { name: 'anna.andersen@example.no' }).getAttribute('href')).toBe(
        'mailto:anna.andersen@example.no',
      );

      // A stray Enter must not accept: focus starts on 'Avbryt'.
      const cancel = dialog.getByRole('button', { name: 'Avbryt' });
      await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Bekreft vinner' }).isEnabled()).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, 'the winner dialog with the whole bid, 390 px');

      await cancel.click();
      await dialog.waitFor({ state: 'hidden' });
      await page.close();
    });

    it('at 1280 px, from the detailed view: the same bid, then Bekreft vinner decides the round', async () => {
      const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
      await logIn(page, server.baseUrl, 'sofie@example.no', PASSWORD);
      await page.goto(roundUrl);
      await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
      await page.getByTestId('bidder-group').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Velg som vinner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Velg vinner av budrunden' });
      await dialog.getByRole('term').first().waitFor({ timeout: 10_000 });
      const value = Object.fromEntries(await facts(dialog));
      expect(value.Beløp).toBe('5 250 000 kr fem millioner to hundre og femti tusen kroner');
      expect(value.Finansieringsplan).toBe('1 500 000 kr egenkapital + 3 800 000 kr lån (DNB)');
      expect(value.Budgiver).toBe('Anna Andersen (Budgiver A)');
      expect(value.Telefon).toBe('912 34 567');
      expect(value['E-post']).toBe('anna.andersen@example.no');
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, 'the winner dialog with the whole bid, 1280 px');

      await dialog.getByRole('button', { name: 'Bekreft vinner' }).click();
      await page.getByText('Vinner valgt!').first().waitFor({ timeout: 15_000 });
      await page.close();
    });
  },
);

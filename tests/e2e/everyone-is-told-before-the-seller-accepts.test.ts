import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { placeBidSchema } from '../../src/shared/schemas/bid';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { screenshotAtBothWidths } from './screenshots';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 066: Ingrid, outbid, answers 'Jeg byr ikke mer' on the round page and the seller sees it at once;
// the seller opens 'Velg som vinner' while Ola has not seen the latest bid, reads the warning, confirms past
// it, and both parties find the acceptance letter.
const AT_ONCE = { timeout: 3_000, interval: 50 };

describe.skipIf(!chromiumAvailable())('everyone is told before the seller accepts', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const seller = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
    const phone = (n: number) => ({ phone: `+47 9411000${n}` });
    const ola = await createVerifiedUser(deps.db, 'ola@example.no', 'Ola', 'Nordmann', phone(1));
    const ingrid = await createVerifiedUser(deps.db, 'ingrid@example.no', 'Ingrid', 'Hansen', phone(2));
    const kari = await createVerifiedUser(deps.db, 'kari@example.no', 'Kari', 'Kjøper', phone(3));
    const roundId = await openRound(deps.db, seller, {
      title: 'Rettferdighuset',
      address: 'Varselveien 3, 0150 Oslo',
      days: 3,
    });
    const viewer = async (id: string) => (await findViewerById(deps.db, id)) as Viewer;
    await placeDayBid(deps, await viewer(ola), roundId, 5_000_000);
    await placeDayBid(deps, await viewer(ingrid), roundId, 5_100_000);
    await placeBid(
      deps,
      await viewer(kari),
      placeBidSchema.parse({
        bidRoundId: roundId,
        amount: 5_250_000,
        conditions: [
          { kind: 'Finansiering', until: new Date(Date.now() + 3 * 3_600_000).toISOString() },
          { kind: 'Annet', text: 'Styregodkjenning' },
        ],
        bidDeadline: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('Ingrid answers, the seller sees it live, is warned of Ola, confirms, and both find the letter', async () => {
    const seller = await openPage(browser);
    const ingrid = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(seller, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(ingrid, server.baseUrl, 'ingrid@example.no', PASSWORD);
    await seller.goto(roundUrl);
    const states = seller.getByTestId('bidder-state');
    await states.first().waitFor({ timeout: 15_000 });
    await ingrid.goto(roundUrl);

    // Ingrid, outbid, answers with one tap.
    const ask = ingrid.getByTestId('my-answer');
    await ask.getByText('Det er kommet et høyere bud. Byr du mer?').waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(ingrid, 'the round page asking Ingrid whether she bids more');
    await screenshotAtBothWidths(ingrid, 'answer-buttons', ask);
    await ask.getByRole('button', { name: 'Jeg byr ikke mer' }).click();
    await ask.getByText(/Du har svart at du ikke byr mer/).waitFor({ timeout: AT_ONCE.timeout });
    expect(await noSidewaysScroll(ingrid)).toBe(true);

    // The seller's page, without a reload: Ingrid has seen the bid and answered.
    const ingridRow = states.filter({ hasText: 'Ingrid Hansen' });
    await expect.poll(() => ingridRow.getByText(/^Byr ikke mer/).isVisible(), AT_ONCE).toBe(true);
    await expect.poll(() => ingridRow.getByText(/Sett \d\d:\d\d/).isVisible(), AT_ONCE).toBe(true);
    const olaRow = states.filter({ hasText: 'Ola Nordmann' });
    await olaRow.getByText(/Ikke sett ennå/).waitFor({ timeout: AT_ONCE.timeout });
    await expectNoAxeViolations(seller, 'the owner’s round page with the bidders’ states');
    await screenshotAtBothWidths(
      seller,
      'owner-bidder-states',
      seller.getByText('Har alle fått med seg det siste budet?').locator('..'),
    );

    // Kari waives her financing condition from her page; the seller sees it at once.
    const kari = await openPage(browser);
    await logIn(kari, server.baseUrl, 'kari@example.no', PASSWORD);
    await kari.goto(roundUrl);
    await kari.getByRole('button', { name: 'Frafall' }).first().click({ timeout: 15_000 });
    const waiver = kari.getByRole('dialog', { name: 'Frafall forbeholdet' });
    await waiver
      .getByText(/Du frafaller forbeholdet om finansiering i budet på 5\s250\s000\s?kr\./)
      .waitFor();
    await expectNoAxeViolations(kari, 'the waiver dialog');
    await waiver.getByRole('button', { name: 'Frafall forbeholdet' }).click();
    await waiver.waitFor({ state: 'hidden' });
    await expect
      .poll(
        () =>
          seller
            .getByText(/^Frafalt \d+\. desember/)
            .first()
            .isVisible(),
        AT_ONCE,
      )
      .toBe(true);
    await screenshotAtBothWidths(
      seller,
      'owner-conditions',
      seller.getByTestId('condition').first().locator('../..'),
    );

    // The bid form's common conditions, with a deadline each.
    await ingrid.getByLabel('Finansiering', { exact: true }).check();
    await ingrid.getByLabel('Frist for forbeholdet om finansiering (valgfritt)').waitFor();
    await screenshotAtBothWidths(
      ingrid,
      'typed-conditions',
      ingrid.getByRole('group', { name: 'Vanlige forbehold (valgfritt)' }),
    );
    await ingrid.getByLabel('Finansiering', { exact: true }).uncheck();

    // 'Velg som vinner' on Kari's bid: Ola (Budgiver A) has not seen it.
    await seller.getByRole('button', { name: 'Velg som vinner' }).first().click();
    const dialog = seller.getByRole('dialog', { name: 'Velg vinner av budrunden' });
    await dialog.waitFor();
    await dialog
      .getByText(
        /^Budgiver A har ikke sett det siste budet ennå \((varslet \d\d:\d\d på .+|ikke varslet ennå)\)\.$/,
      )
      .waitFor({ timeout: 5_000 });
    const confirm = dialog.getByRole('button', { name: 'Bekreft vinner' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Jeg vil likevel velge vinner nå').check();
    expect(await confirm.isDisabled()).toBe(false);
    await expectNoAxeViolations(seller, 'the winner dialog with the guard');
    await screenshotAtBothWidths(seller, 'winner-guard', dialog);
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });

    // Both parties find the acceptance letter.
    const letterOf = async (page: typeof seller) => {
      const link = page.getByRole('link', { name: 'Last ned akseptbrevet (PDF)' });
      await link.waitFor({ timeout: 10_000 });
      const res = await page.request.get(
        new URL((await link.getAttribute('href')) ?? '', server.baseUrl).href,
      );
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      return Buffer.from(await res.body());
    };
    const pdf = await letterOf(seller);
    expect((await letterOf(kari)).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(kari, 'the buyer’s decided round with the letter');
    // Ingrid is not a party: no letter for her.
    await ingrid.reload();
    await ingrid.getByTestId('round-outcome').waitFor({ timeout: 10_000 });
    expect(await ingrid.getByRole('link', { name: 'Last ned akseptbrevet (PDF)' }).count()).toBe(0);

    // The letter's first page as a picture, for a person to look at.
    const dir = process.env.E2E_SHOTS_DIR;
    if (dir) {
      const work = mkdtempSync(join(tmpdir(), 'akseptbrev-'));
      writeFileSync(join(work, 'letter.pdf'), pdf);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        join(work, 'letter.pdf'),
        join(dir, 'acceptance-letter'),
      ]);
      expect(readFileSync(join(dir, 'acceptance-letter-1.png')).length).toBeGreaterThan(1000);
    }
    await Promise.all([seller.close(), ingrid.close(), kari.close()]);
  });
});

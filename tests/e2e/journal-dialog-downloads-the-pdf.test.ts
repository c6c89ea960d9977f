import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { selectWinner } from '../../src/server/features/bid-rounds/round-lifecycle.service';
import { pdfText } from '../setup/pdf-text';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 038: every reader's journal dialog has 'Last ned PDF', which fetches their
// own copy; only the owner's has 'Last ned CSV' beside it.

const TITLE = 'Pdfveien hus';

describe.skipIf(!chromiumAvailable())('the journal as a PDF, from the dialog', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const viewer = async (id: string) => (await findViewerById(deps.db, id)) as Viewer;
    const seller = await viewer(await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger'));
    const bjorn = await viewer(await createVerifiedUser(deps.db, 'bjorn@example.no', 'Bjørn', 'Berg'));
    const arne = await viewer(await createVerifiedUser(deps.db, 'arne@example.no', 'Arne', 'Test'));
    const roundId = await openRound(deps.db, seller.id, {
      title: TITLE,
      address: 'Pdfveien 2, 0150 Oslo',
      days: 3,
    });
    await placeDayBid(deps, arne, roundId, 4_100_000);
    const winning = await placeDayBid(deps, bjorn, roundId, 4_250_000);
    await selectWinner(deps, seller, roundId, winning.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openJournal(email: string) {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, server.baseUrl, email, PASSWORD);
    await page
      .getByRole('button', { name: `Vis budjournal for ${TITLE}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Budjournal – ${TITLE}` });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    return { page, dialog };
  }

  it('a bidder downloads their own copy; they have no CSV', async () => {
    const { page, dialog } = await openJournal('bjorn@example.no');
    expect(await dialog.getByRole('button', { name: 'Last ned CSV' }).count()).toBe(0);
    const requested = page.context().waitForEvent('request', (r) => r.url().includes('/journal.pdf'));
    await dialog.getByRole('button', { name: 'Last ned PDF' }).click();
    const response = await page.request.get((await requested).url());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe(
      'attachment; filename="budjournal-pdfveien-2-0150-oslo.pdf"',
    );
    const text = pdfText(await response.body());
    expect(text).toContain('Budgiverens eksemplar');
    expect(text).toContain('Du 4 250 000 kr Vinner, Høyeste bud, Ditt bud');
    expect(text).toContain('Budgiver A 4 100 000 kr');
    expect(text).not.toContain('Arne');
    await expectNoAxeViolations(page, 'bidder’s journal dialog with the PDF button');
    await page.close();
  });

  it('the owner has both, side by side, and the PDF names every bidder', async () => {
    const { page, dialog } = await openJournal('selger@example.no');
    const pdf = dialog.getByRole('button', { name: 'Last ned PDF' });
    const csv = dialog.getByRole('button', { name: 'Last ned CSV' });
    const [pdfBox, csvBox] = [await pdf.boundingBox(), await csv.boundingBox()];
    expect(pdfBox && csvBox && Math.abs(pdfBox.y - csvBox.y) < 4 && pdfBox.x < csvBox.x).toBe(true);
    const requested = page.context().waitForEvent('request', (r) => r.url().includes('/journal.pdf'));
    await pdf.click();
    const text = pdfText(await (await page.request.get((await requested).url())).body());
    expect(text).toContain('Selgerens eksemplar');
    expect(text).toContain('Bjørn Berg 4 250 000 kr Vinner');
    expect(text).toContain('Arne Test 4 100 000 kr');
    await expectNoAxeViolations(page, 'owner’s journal dialog with both downloads');
    await page.close();
  });
});

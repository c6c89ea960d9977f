import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOsloParts, makeOsloDate } from '../../src/shared/format/date';
import { formatViewingTime, formatWeekdayDateTime } from '../../src/shared/format/viewing-time';
import { viewingBidDeadline } from '../../src/shared/rules/viewing-deadline';
import type { BidRoundView } from '../../src/shared/schemas/bid-round';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { makePdf } from '../setup/prospectus';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { pickDay } from './pick-day';

// One listing from start to first bid (decisions 043–047): the owner creates a round with three photos,
// reorders them, uploads a salgsoppgave and adds a viewing; a bidder opens the gallery with the keyboard,
// downloads the viewing's calendar file and the PDF, signs up for the viewing, and finds the bid form
// starting at 12:00 on the first working day after it. axe-core finds nothing on any screen on the way.

const PHONE = { width: 390, height: 844 };
const TITLE = 'Tunet på Tåsen';
const COLOURS = ['#b91c1c', '#15803d', '#1d4ed8'];

describe.skipIf(!chromiumAvailable())('a listing, from its photos to the first bid', () => {
  let server: E2eServer;
  let browser: Browser;
  const photos: string[] = [];
  let pdfFile = '';
  let pdfBytes: Buffer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, 'eier@example.no', 'Eva', 'Eier');
    await createVerifiedUser(server.deps.db, 'byr@example.no', 'Bjørn', 'Byr');
    const dir = mkdtempSync(join(tmpdir(), 'budrunde-listing-'));
    for (const [i, colour] of COLOURS.entries()) {
      const file = join(dir, `bilde-${i + 1}.jpg`);
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
        .jpeg()
        .toFile(file);
      photos.push(file);
    }
    pdfBytes = await makePdf('Salgsoppgave for Tunet på Tåsen');
    pdfFile = join(dir, 'salgsoppgave.pdf');
    writeFileSync(pdfFile, pdfBytes);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The owner's round, as the API answers the owner. */
  const ownersRound = async (page: Page) =>
    ((await (await page.request.get(`${server.baseUrl}/api/bid-rounds/user`)).json()) as BidRoundView[]).find(
      (r) => r.property.title === TITLE,
    );

  it('the owner creates the listing, and a bidder reads it and is held to the 12:00 rule', async () => {
    const owner = await openPage(browser, { viewport: PHONE });
    await logIn(owner, server.baseUrl, 'eier@example.no', PASSWORD);

    // Three photos in the create form; the third becomes the cover with the keyboard.
    await owner.getByRole('button', { name: 'Opprett ny budrunde' }).click();
    const form = owner.getByRole('dialog', { name: 'Opprett ny budrunde' });
    await form.getByLabel('Tittel').fill(TITLE);
    await form.getByLabel('Adresse').fill('Tåsenveien 9, 0873 Oslo');
    await form.getByLabel('Startpris').fill('5200000');
    await form.locator('input[type="file"]').setInputFiles(photos);
    await expect.poll(() => form.getByTestId('photo-thumbnail').count(), { timeout: 20_000 }).toBe(3);
    await form.getByRole('button', { name: 'Flytt bilde 3 til venstre' }).click();
    await form.getByRole('button', { name: 'Flytt bilde 2 til venstre' }).click();
    await expectNoAxeViolations(owner, 'the create form with three photos');
    await form.getByRole('button', { name: 'Opprett budrunde' }).click();
    await owner.getByRole('article', { name: TITLE }).waitFor({ timeout: 15_000 });
    const created = await ownersRound(owner);
    expect(created?.property.imageUrls).toHaveLength(3);
    // The blue one (the third file) was moved to the front: it is the cover.
    const [cover = '', first = '', second = ''] = created?.property.imageUrls ?? [];
    expect(created?.property.imageUrl).toBe(cover);
    expect(new Set([cover, first, second]).size).toBe(3);
    const { dominant } = await sharp(
      await (await owner.request.get(`${server.baseUrl}${cover}`)).body(),
    ).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);

    // On the round page: the salgsoppgave, then a viewing three days ahead.
    const roundUrl = `${server.baseUrl}/budrunder/${created?.id}`;
    await owner.goto(roundUrl);
    const [chooser] = await Promise.all([
      owner.waitForEvent('filechooser'),
      owner.getByRole('button', { name: 'Last opp salgsoppgave (PDF)' }).click(),
    ]);
    await chooser.setFiles(pdfFile);
    await owner.getByRole('link', { name: /^Last ned salgsoppgave \(PDF, / }).waitFor({ timeout: 15_000 });

    const day = getOsloParts(new Date(Date.now() + 3 * 86_400_000));
    const endsAt = makeOsloDate(day.year, day.month, day.day, 18, 0);
    const viewingText = formatViewingTime(
      makeOsloDate(day.year, day.month, day.day, 17, 0),
      endsAt,
      new Date(),
    );
    const when = viewingText.replace(/^Visning /, '');
    await pickDay(owner, 'Dato', day);
    await owner.getByLabel('Fra kl.').selectOption('17:00');
    await owner.getByLabel('Til kl.').selectOption('18:00');
    await owner.getByRole('button', { name: 'Legg til visning' }).click();
    await owner.getByTestId('round-viewings').getByText(viewingText, { exact: true }).waitFor();
    await owner.getByTestId('round-changes').getByText('En visning er lagt til', { exact: false }).waitFor();
    expect(await noSidewaysScroll(owner)).toBe(true);
    await expectNoAxeViolations(owner, 'the owner’s round page with the salgsoppgave and a viewing');

    // The bidder: the gallery with the keyboard, from the cover to the next photo and back out.
    const bidder = await openPage(browser, { viewport: PHONE });
    await logIn(bidder, server.baseUrl, 'byr@example.no', PASSWORD);
    await bidder.goto(roundUrl);
    const coverButton = bidder.getByRole('button', { name: 'Vis bilde 1 av 3' });
    await coverButton.waitFor({ timeout: 15_000 });
    await coverButton.focus();
    await bidder.keyboard.press('Enter');
    await bidder.getByRole('dialog', { name: 'Bilde 1 av 3' }).waitFor({ timeout: 10_000 });
    await bidder.keyboard.press('ArrowRight');
    await bidder.getByRole('dialog', { name: 'Bilde 2 av 3' }).waitFor();
    await expectNoAxeViolations(bidder, 'the photo viewer');
    await bidder.keyboard.press('Escape');
    await bidder.getByRole('dialog', { name: 'Bilde 2 av 3' }).waitFor({ state: 'hidden' });
    // The focus comes back a moment after the dialog goes (Mantine returns it on a 10 ms timer).
    await expect
      .poll(() => bidder.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Vis bilde 1 av 3');

    // The calendar file and the salgsoppgave, as downloads.
    const viewings = bidder.getByTestId('round-viewings');
    const [ics] = await Promise.all([
      bidder.waitForEvent('download'),
      viewings.getByRole('link', { name: `Legg i kalender: visning ${when}` }).click(),
    ]);
    const icsText = await readFile((await ics.path()) as string, 'utf8');
    expect(icsText).toContain('BEGIN:VEVENT');
    expect(icsText).toContain('Tåsenveien 9');
    const [pdf] = await Promise.all([
      bidder.waitForEvent('download'),
      bidder.getByRole('link', { name: /^Last ned salgsoppgave \(PDF, / }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('salgsoppgave-tunet-pa-tasen.pdf');
    expect((await readFile((await pdf.path()) as string)).equals(pdfBytes)).toBe(true);

    // Signing up for the viewing, and the bid form held to 12:00 on the first working day after it.
    await viewings.getByRole('button', { name: `Meld deg på visning ${when}` }).click();
    await viewings.getByRole('button', { name: `Meld av visning ${when}` }).waitFor();
    const minimum = viewingBidDeadline(endsAt);
    await expect
      .poll(() => bidder.getByTestId('acceptance-rule').textContent())
      .toBe(
        `Korteste akseptfrist: ${formatWeekdayDateTime(minimum, new Date())} (første virkedag etter siste visning)`,
      );
    const hours = await bidder
      .getByLabel('Time', { exact: true })
      .locator('option:not([disabled])')
      .allTextContents();
    expect(hours[0]).toBe('12');
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await expectNoAxeViolations(bidder, 'the bidder’s round page after signing up');

    // The server holds the same line: the round's shortest deadline is the rule's, for that reason.
    const round = (await (
      await bidder.request.get(`${server.baseUrl}/api/bid-rounds/${created?.id}`)
    ).json()) as BidRoundView;
    expect(round.minimumBidDeadline).toBe(minimum.toISOString());
    expect(round.minimumBidDeadlineReason).toBe('viewing');
    await owner.close();
    await bidder.close();
  });
});

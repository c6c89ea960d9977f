import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPickerDay } from '../../src/client/components/picker-day';
import { getOsloParts, makeOsloDate } from '../../src/shared/format/date';
import { formatViewingTime, formatWeekdayDateTime } from '../../src/shared/format/viewing-time';
import { viewingBidDeadline } from '../../src/shared/rules/viewing-deadline';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { pickDay } from './pick-day';
import { screenshotAtBothWidths } from './screenshots';
import { BIDDER_EMAIL, SELLER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';
const PHONE = { width: 390, height: 844 };
const pad2 = (n: number) => String(n).padStart(2, '0');

describe.skipIf(!chromiumAvailable())('viewings on the round page', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Visningsgården',
      address: 'Visningsveien 3, 0150 Oslo',
      days: 10,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the owner adds a viewing, a bidder sees it live, takes it to a calendar and signs up, and bids after it', async () => {
    // Three days ahead, 13:00–14:00 Oslo time.
    const day = getOsloParts(new Date(Date.now() + 3 * 86_400_000));
    const startsAt = makeOsloDate(day.year, day.month, day.day, 13, 0);
    const endsAt = makeOsloDate(day.year, day.month, day.day, 14, 0);
    const viewingText = formatViewingTime(startsAt, endsAt, new Date());
    const when = viewingText.replace(/^Visning /, '');

    // The bidder has the round open before there is any viewing.
    const bidder = await openPage(browser, { viewport: PHONE });
    await logIn(bidder, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await bidder.goto(roundUrl);
    await bidder.getByRole('button', { name: 'Legg inn bud' }).waitFor({ timeout: 15_000 });
    expect(await bidder.getByTestId('round-viewings').count()).toBe(0);

    const owner = await openPage(browser, { viewport: PHONE });
    await logIn(owner, server.baseUrl, SELLER_EMAIL, PASSWORD);
    await owner.goto(roundUrl);
    const ownerBlock = owner.getByTestId('round-viewings');
    await ownerBlock.getByText('Ingen visninger er lagt inn ennå.').waitFor({ timeout: 15_000 });

    // An end before the start: the server refuses, in Norwegian, on the end time, as that field's error (its
    // description, so that a screen reader reads it with the field), once.
    await pickDay(owner, 'Dato', day);
    await owner.getByLabel('Fra kl.').selectOption('13:00');
    await owner.getByLabel('Til kl.').selectOption('12:00');
    await owner.getByRole('button', { name: 'Legg til visning' }).click();
    const endError = ownerBlock.getByText('Visningen må slutte etter at den starter', { exact: true });
    await endError.waitFor();
    expect(await endError.count()).toBe(1);
    const end = ownerBlock.getByLabel('Til kl.');
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    expect((await end.getAttribute('aria-describedby'))?.split(' ')).toContain(
      await endError.getAttribute('id'),
    );
    expect(await ownerBlock.getByTestId('viewing').count()).toBe(0);

    await owner.getByLabel('Til kl.').selectOption('14:00');
    await owner.getByLabel('Merknad (valgfritt)').fill('Oppmøte ved inngang B');
    await owner.getByRole('button', { name: 'Legg til visning' }).click();
    await ownerBlock.getByText(viewingText, { exact: true }).waitFor();
    expect(await ownerBlock.getByRole('alert').count()).toBe(0);
    expect(await endError.count()).toBe(0);

    // Live, without a reload: the bidder's page gains the block, and the bid form its new shortest deadline.
    const bidderBlock = bidder.getByTestId('round-viewings');
    await bidderBlock.getByText(viewingText, { exact: true }).waitFor({ timeout: 15_000 });
    await bidderBlock.getByText('Oppmøte ved inngang B').waitFor();
    expect(await bidder.getByTestId('next-viewing').textContent()).toBe(viewingText);
    const minimum = viewingBidDeadline(endsAt);
    const rule = `Korteste akseptfrist: ${formatWeekdayDateTime(minimum, new Date())} (første virkedag etter siste visning)`;
    await expect.poll(() => bidder.getByTestId('acceptance-rule').textContent()).toBe(rule);
    // The picker starts there: its day, and no hour before 12:00 on it.
    const m = getOsloParts(minimum);
    const minimumDay = `${m.year}-${pad2(m.month)}-${pad2(m.day)}`;
    expect(await bidder.getByRole('button', { name: 'Akseptfrist' }).textContent()).toBe(
      formatPickerDay(minimumDay),
    );
    const hours = await bidder
      .getByLabel('Time', { exact: true })
      .locator('option:not([disabled])')
      .allTextContents();
    expect(hours[0]).toBe('12');

    // 'Legg i kalender' downloads the viewing as an iCalendar file.
    const calendarLink = bidderBlock.getByRole('link', { name: `Legg i kalender: visning ${when}` });
    const [download] = await Promise.all([bidder.waitForEvent('download'), calendarLink.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await readFile((await download.path()) as string, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('Visningsveien 3');
    const href = (await calendarLink.getAttribute('href')) as string;
    const answer = await bidder.request.get(new URL(href, server.baseUrl).toString());
    expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);

    await bidderBlock.getByRole('button', { name: `Meld deg på visning ${when}` }).click();
    await bidderBlock.getByRole('button', { name: `Meld av visning ${when}` }).waitFor();
    await bidderBlock.getByText('Du er påmeldt').waitFor();
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await expectNoAxeViolations(bidder, 'the viewings block and the bid form, for a bidder, 390 px');
    await screenshotAtBothWidths(bidder, 'viewings-bidder', bidderBlock);

    // The owner's visningsliste counts her at once (the signup is a live event) and shows how to reach her.
    const list = ownerBlock.getByRole('button', {
      name: new RegExp(`^Visningsliste \\(1\\), visning ${when}$`),
    });
    await list.waitFor({ timeout: 15_000 });
    await list.click();
    const signup = ownerBlock.getByTestId('viewing-signup');
    await signup.getByText('Anna Andersen').waitFor();
    await signup.getByText(BIDDER_EMAIL).waitFor();
    const csvHref = (await ownerBlock
      .getByRole('link', { name: `Last ned som CSV: visningslisten for ${when}` })
      .getAttribute('href')) as string;
    const csv = await owner.request.get(new URL(csvHref, server.baseUrl).toString());
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(BIDDER_EMAIL);
    expect(await noSidewaysScroll(owner)).toBe(true);
    await expectNoAxeViolations(owner, 'the viewings block with the form and the visningsliste, 390 px');
    await screenshotAtBothWidths(owner, 'viewings-owner', ownerBlock);

    // The round list's card shows the next viewing too.
    await bidder.goto(`${server.baseUrl}/`);
    const card = bidder.getByTestId('round-card').filter({ hasText: 'Visningsgården' });
    await expect
      .poll(() => card.getByTestId('next-viewing').textContent(), { timeout: 15_000 })
      .toBe(viewingText);
    await owner.close();
    await bidder.close();
  });
});

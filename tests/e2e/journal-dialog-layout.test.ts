import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { selectWinner } from '../../src/server/features/bid-rounds/round-lifecycle.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { placeDayBid } from './seller-and-bidder';

const DAY = 86_400_000;
const LONG_EMAIL = 'kristoffer.alexander.langnavn@eiendomsmegling-eksempel.no';

/**
 * Where each line of the address starts: the character after every line break. The address may only
 * break before '@' or '.', never inside a word.
 */
const lineStartsOfEmail = (page: Page, email: string) =>
  page.getByRole('dialog').evaluate((dialog, address) => {
    const owner = [...dialog.querySelectorAll('span')].find((s) => s.textContent === address);
    if (!owner) throw new Error(`no element shows ${address}`);
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(owner, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push(text.slice(i));
        lastTop = top;
      }
    }
    return starts.map((s) => s[0]);
  }, email);

describe.skipIf(!chromiumAvailable())('the seller’s journal dialog, on a phone and on a desktop', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const sellerId = await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger');
    const bidderId = await createUser(
      deps.db,
      {
        email: LONG_EMAIL,
        password: PASSWORD,
        firstName: 'Kristoffer',
        lastName: 'Langnavn',
        phone: '+47 41234567',
        address: 'Kongens gate 14, 7011 Trondheim',
        bankName: 'SpareBank 1 Midt-Norge',
        bankContactName: 'Lise Lånesen',
        bankContactPhone: '+47 73000000',
      },
      { emailVerified: true },
    );
    const seller = (await findViewerById(deps.db, sellerId)) as Viewer;
    const bidder = (await findViewerById(deps.db, bidderId)) as Viewer;
    const roundId = await createRound(deps.db, sellerId, {
      title: 'Journalveien',
      address: 'Journalveien 1, 0150 Oslo',
      startingPrice: 4_000_000,
      deadline: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    const bid = (amount: number, conditions: string) =>
      placeDayBid(deps, bidder, roundId, amount, conditions);
    await bid(4_100_000, 'Forbehold om finansiering');
    const winning = await bid(4_250_000, '');
    await selectWinner(deps, seller, roundId, winning.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['390 px', { width: 390, height: 844 }],
    ['1280 px', { width: 1280, height: 900 }],
  ])(
    'at %s: nothing scrolls sideways, badges are whole, the e-mail breaks only at sensible points',
    async (_w, viewport) => {
      const page = await openPage(browser, { viewport });
      await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
      await page.getByRole('button', { name: 'Vis budjournal for Journalveien' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Budjournal – Journalveien' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const table = dialog.getByRole('table');
      expect(await table.textContent()).toContain('Kristoffer Langnavn');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // On a phone the bids are stacked as cards, and on a desktop the table fits the dialog: neither
      // scrolls sideways nor cuts off its last column.
      const overflow = await table.evaluate((t) => t.scrollWidth - t.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const cut = await table.evaluate((t) => {
        const box = t.getBoundingClientRect();
        const scroller = t.closest('.mantine-ScrollArea-viewport, [data-table-scroll]') ?? t.parentElement;
        const frame = (scroller ?? t).getBoundingClientRect();
        return box.right - frame.right;
      });
      expect(cut).toBeLessThanOrEqual(0.5);

      for (const name of ['Vinner', 'Høyeste bud']) {
        const badge = dialog.locator('.mantine-Badge-root', { hasText: name }).first();
        const clipped = await badge.evaluate((b) => {
          const label = b.querySelector('.mantine-Badge-label') ?? b;
          return label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1;
        });
        expect(clipped, `the badge ${name} is cut off`).toBe(false);
      }

      const starts = await lineStartsOfEmail(page, LONG_EMAIL);
      // Too long for a phone's line: it must wrap there, which is what this checks.
      if (viewport.width < 500) expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) expect(['@', '.']).toContain(start);
      // The phone number stays on one line.
      const phone = dialog.getByText('+47 73000000').first();
      const box = await phone.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(30);

      await expectNoAxeViolations(page, `journal dialog at ${viewport.width} px`);
      await page.close();
    },
  );
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every button of the dialog that the toast overlaps (the toast's own excluded). */
async function coveredButtons(page: Page, dialog: Locator): Promise<string[]> {
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Bilde lastet opp' });
  const toastBox = await toast.boundingBox();
  if (!toastBox) throw new Error('no toast on screen');
  const covered: string[] = [];
  for (const button of await dialog.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box && box.height > 0 && overlaps(toastBox, box))
      covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

describe.skipIf(!chromiumAvailable())('a toast never covers the actions of an open dialog', () => {
  let server: E2eServer;
  let browser: Browser;
  let image = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, 'selger@example.no', 'Sofie', 'Selger');
    image = join(mkdtempSync(join(tmpdir(), 'budrunde-img-')), 'hus.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4d7c0f' } })
      .jpeg()
      .toFile(image);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 568 },
    { width: 1280, height: 720 },
  ]) {
    it(`'Bilde lastet opp' in the create dialog at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
      await page.getByRole('button', { name: 'Opprett ny budrunde' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opprett ny budrunde' });
      const submit = dialog.getByRole('button', { name: 'Opprett budrunde' });
      await submit.waitFor();
      // Where a person who has filled in the form from the top is: at its end, with the buttons in view.
      await submit.scrollIntoViewIfNeeded();
      await dialog.locator('input[type="file"]').setInputFiles(image);
      const toast = page.locator('.mantine-Notification-root', { hasText: 'Bilde lastet opp' });
      await toast.waitFor({ timeout: 15_000 });
      await dialog.getByAltText('Bilde 1', { exact: true }).waitFor();
      // The preview pushed the buttons down: the person scrolls to them again while the toast shows. What
      // they see is the next painted frame, which is where the toast is placed (toast-placement.ts).
      await submit.scrollIntoViewIfNeeded();
      for (let i = 0; i < 5; i++) {
        await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
        if (!(await toast.isVisible())) break;
        expect(await coveredButtons(page, dialog)).toEqual([]);
        await page.waitForTimeout(200);
      }
      await page.close();
    });
  }
});

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** True when the page is no wider than its window, so nothing scrolls sideways. */
export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits (15 s at most) until the first element with this text is visible. */
export async function visible(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The text of the first element with this test id, its whitespace (amounts' no-break spaces too) as one space. */
export const testIdText = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

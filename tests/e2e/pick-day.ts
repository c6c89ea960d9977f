import type { Page } from 'playwright-core';
import { MONTH_NAMES } from '../../src/shared/format/date';

/**
 * Picks an Oslo day in the date picker behind the button named `field`, turning to the next month when the
 * day is not shown. The calendar loads on first use, so it is waited for before its month is judged.
 */
export async function pickDay(page: Page, field: string, day: { year: number; month: number; day: number }) {
  await page.getByRole('button', { name: field }).click();
  const calendar = page.getByRole('dialog');
  await calendar.waitFor({ timeout: 10_000 });
  // The calendar names its days '29 november 2026'.
  const button = calendar.getByRole('button', {
    name: `${day.day} ${MONTH_NAMES[day.month - 1]} ${day.year}`,
    exact: true,
  });
  if ((await button.count()) === 0) await calendar.locator('[data-direction="next"]').first().click();
  await button.click();
}

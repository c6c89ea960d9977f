import { chromium } from 'playwright-core';
import { logIn } from '../../tests/e2e/log-in';

const base = 'http://localhost:5190';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [who, email] of [['bidder', 'ola@budrunde.no'], ['owner', 'selger@budrunde.no']] as const) {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await logIn(page, base, email, 'budrunde123');
    const rounds = (await (await page.request.get(`${base}/api/bid-rounds/active`)).json()) as {
      id: string;
      property: { title: string };
    }[];
    const house = rounds.find((r) => r.property.title.startsWith('Koselig'));
    await page.goto(`${base}/budrunder/${house?.id}`);
    await page.getByTestId('round-viewings').waitFor();
    await page.waitForTimeout(800);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    console.log(who, width, 'sideways', sideways);
    await page.screenshot({ path: `/tmp/shots/demo-${who}-${width}.png`, fullPage: true });
    if (who === 'bidder' && width === 390) {
      await page.goto(base);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/demo-list-${width}.png`, fullPage: false });
    }
    await page.close();
  }
}
await browser.close();

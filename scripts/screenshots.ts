// Takes screenshots of the running product for a human to look at:
//   BASE_URL=http://localhost:5000 npx tsx scripts/screenshots.ts [path ...]
// Each path is shot at phone (390 px) and desktop (1280 px) width into ./screenshots/.
import { mkdirSync } from 'node:fs';
import { launchChromium, openPage } from '../tests/e2e/chromium';

const base = process.env.BASE_URL ?? 'http://localhost:5000';
const paths = process.argv.slice(2);
const targets = paths.length
  ? paths
  : ['/', '/how-it-works', '/contact', '/personvern', '/vilkaar', '/cookies', '/finnes-ikke'];
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

mkdirSync('screenshots', { recursive: true });
const browser = await launchChromium();
for (const viewport of widths) {
  const page = await openPage(browser, { viewport });
  for (const path of targets) {
    // Not 'networkidle': the live stream keeps a request open for as long as the page lives.
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(800);
    const file = `screenshots/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${viewport.name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();

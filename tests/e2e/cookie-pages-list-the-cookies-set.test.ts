import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';

const EMAIL = 'kari@example.no';
const DAY_S = 86_400;

interface Listed {
  name: string;
  facts: Record<string, string>;
}

/** The cookies /cookies lists: each card's name and its facts (term → text). */
async function cookiesPageList(page: Page, baseUrl: string): Promise<Listed[]> {
  await page.goto(`${baseUrl}/cookies`);
  const list = page.getByRole('list', { name: 'Informasjonskapsler på Budrunde' });
  await list.waitFor({ timeout: 15_000 });
  return list.evaluate((element) =>
    [...element.querySelectorAll(':scope > li')].map((item) => ({
      name: item.querySelector('h3')?.textContent?.trim() ?? '',
      facts: Object.fromEntries(
        [...item.querySelectorAll('dt')].map((term) => [
          term.textContent?.trim() ?? '',
          term.nextElementSibling?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        ]),
      ),
    })),
  );
}

/** The longest lifetime a text names, in days ('… eller senest 30 dager …' → 30). */
const daysIn = (text: string) => Math.max(...[...text.matchAll(/(\d+) dager/g)].map((m) => Number(m[1])));

const lifetimeDays = (cookie: Cookie) => Math.round((cookie.expires - Date.now() / 1000) / DAY_S);

describe.skipIf(!chromiumAvailable())('the cookie and privacy pages list the cookies the server sets', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, EMAIL, 'Kari', 'Nordmann');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('names, HttpOnly, lifetime and what logging out does, as set by a real login and logout', async () => {
    const page = await openPage(browser);
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A visitor gets none, as the page says.
    expect(await page.context().cookies()).toEqual([]);

    await logIn(page, server.baseUrl, EMAIL, PASSWORD);
    const set = await page.context().cookies();
    const listed = await cookiesPageList(page, server.baseUrl);

    expect(listed.map((c) => c.name).sort()).toEqual(set.map((c) => c.name).sort());
    for (const cookie of set) {
      const entry = listed.find((c) => c.name === cookie.name);
      expect(entry, cookie.name).toBeDefined();
      const facts = entry?.facts ?? {};
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(facts.Tilgang, cookie.name).toContain('HttpOnly');
      expect(cookie.sameSite, cookie.name).toBe('Lax');
      expect(daysIn(facts.Varighet ?? ''), `${cookie.name}: ${facts.Varighet}`).toBe(lifetimeDays(cookie));
    }

    await page.getByRole('button', { name: 'Logg ut' }).click();
    await page.getByRole('button', { name: 'Logg inn' }).first().waitFor();
    await expect.poll(async () => (await page.context().cookies()).length).toBeLessThan(set.length);
    const kept = (await page.context().cookies()).map((c) => c.name).sort();
    const saysKept = listed.filter((c) => c.facts['Når du logger ut']?.startsWith('Blir liggende'));
    const saysDeleted = listed.filter((c) => c.facts['Når du logger ut']?.startsWith('Slettes'));
    expect(saysKept.length + saysDeleted.length).toBe(listed.length);
    expect(saysKept.map((c) => c.name).sort()).toEqual(kept);
    expect(saysKept.length).toBeGreaterThan(0);
    await page.close();
  });

  it('/personvern names every cookie /cookies lists, with the same lifetime and logout rule', async () => {
    const page = await openPage(browser);
    const listed = await cookiesPageList(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/personvern`);
    const list = page
      .getByRole('region', { name: 'Informasjonskapsler' })
      .getByRole('list', { name: 'Informasjonskapsler på Budrunde' });
    await list.waitFor({ timeout: 15_000 });
    const items = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(items).toHaveLength(listed.length);
    for (const cookie of listed) {
      const item = items.find((text) => text.startsWith(`${cookie.name}:`));
      expect(item, cookie.name).toBeDefined();
      expect(daysIn(item ?? '')).toBe(daysIn(cookie.facts.Varighet ?? ''));
      const kept = cookie.facts['Når du logger ut']?.startsWith('Blir liggende');
      expect(item).toContain(kept ? 'Når du logger ut: blir liggende' : 'Når du logger ut: slettes');
    }
    const whole = await page.locator('main').innerText();
    expect(whole).not.toMatch(/bare én informasjonskapsel|med én informasjonskapsel/);
    await expectNoAxeViolations(page, '/personvern');
    await page.goto(`${server.baseUrl}/cookies`);
    await page.getByRole('list', { name: 'Informasjonskapsler på Budrunde' }).waitFor();
    await expectNoAxeViolations(page, '/cookies');
    await page.close();
  });
});

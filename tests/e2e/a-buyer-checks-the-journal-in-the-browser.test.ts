import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { selectWinner } from '../../src/server/features/bid-rounds/round-lifecycle.service';
import { sha256Hex } from '../../src/shared/chain-check/bytes';
import { GENESIS_HASH } from '../../src/shared/record/round-act';
import { type CanonicalValue, canonicalJson } from '../../src/shared/signing/canonical-json';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 062: a home buyer checks the chain they downloaded on /kontroller-budjournal, in the browser, with
// the code `npm run verify-journal` runs and the key the server serves (decision 057). The file never leaves
// the browser: no request carries it.

const TITLE = 'Kontrollveien hus';
const dir = mkdtempSync(join(tmpdir(), 'budrunde-check-page-'));

interface Link {
  seq: number;
  prevHash: string;
  hash: string;
  act: Record<string, unknown>;
}
type Chain = { acts: Link[]; head: { seq: number; hash: string } };

describe.skipIf(!chromiumAvailable())('a buyer checks the journal on /kontroller-budjournal', () => {
  let server: E2eServer;
  let browser: Browser;
  let chain: Chain;
  let chainText: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const viewer = async (id: string) => (await findViewerById(deps.db, id)) as Viewer;
    const seller = await viewer(await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger'));
    const bjorn = await viewer(await createVerifiedUser(deps.db, 'bjorn@example.no', 'Bjørn', 'Berg'));
    const arne = await viewer(await createVerifiedUser(deps.db, 'arne@example.no', 'Arne', 'Test'));
    const roundId = await openRound(deps.db, seller.id, {
      title: TITLE,
      address: 'Kontrollveien 3, 0150 Oslo',
      days: 3,
    });
    await placeDayBid(deps, arne, roundId, 4_100_000);
    const winning = await placeDayBid(deps, bjorn, roundId, 4_250_000);
    await selectWinner(deps, seller, roundId, winning.id);
    // Bjørn's chain, as 'Last ned kjeden (JSON)' gives it, and the line of his bid receipt mail.
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'bjorn@example.no', PASSWORD);
    const exported = await page.request.get(`${server.baseUrl}/api/bid-rounds/${roundId}/journal/export`);
    expect(exported.status()).toBe(200);
    chainText = await exported.text();
    chain = JSON.parse(chainText);
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const fileOf = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return path;
  };

  /** The page at a width, with every request it makes from here on recorded. */
  async function checkPage(width: number) {
    const page = await openPage(browser, { viewport: { width, height: 900 } });
    const requests: { method: string; url: string; body: string }[] = [];
    page.on('request', (r) => requests.push({ method: r.method(), url: r.url(), body: r.postData() ?? '' }));
    await page.goto(`${server.baseUrl}/kontroller-budjournal`);
    await page.getByRole('heading', { level: 1, name: 'Kontroller budjournalen' }).waitFor();
    return { page, requests };
  }

  async function check(page: Page, file: string, receipt = '') {
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByLabel('Kvittering (valgfritt)').fill(receipt);
    await page.getByRole('button', { name: 'Kontroller budjournalen' }).click();
    const result = page.getByTestId('journal-check-result');
    await result.waitFor();
    return {
      verdict: await result.getAttribute('data-verdict'),
      text: (await result.innerText()).replace(/\s+/g, ' '),
    };
  }

  it('a whole chain holds, signed by the server’s key; nothing is uploaded; axe-clean, no sideways scroll at 390 px', async () => {
    const { page, requests } = await checkPage(390);
    const result = await check(page, fileOf('hel.json', chainText));
    expect(result.verdict).toBe('holds');
    expect(result.text).toContain('Budjournalen er kontrollert og stemmer');
    expect(result.text).toContain(
      `signert av Budrunde med nøkkel ${(JSON.parse(chainText) as { signingKey: { kid: string } }).signingKey.kid}`,
    );
    expect(result.text).toContain('Kjedehodet ble signert');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the check page with a whole chain');
    // Only reads: the key, the page's own files. No request carries the file or any part of it.
    expect(requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
    expect(requests.some((r) => r.url.endsWith('/.well-known/budrunde-chain-key.json'))).toBe(true);
    expect(
      requests.filter((r) => r.url.includes(chain.head.hash) || r.body.includes(chain.head.hash)),
    ).toEqual([]);
    await page.close();
  });

  it('one amount changed: it says where the journal breaks', async () => {
    const changed = structuredClone(chain);
    const bid = changed.acts.find((l) => l.act.amount === 4_250_000) as Link;
    bid.act.amount = 4_150_000;
    const { page } = await checkPage(1280);
    const result = await check(page, fileOf('endret.json', changed));
    expect(result.verdict).toBe('broken');
    expect(result.text).toContain(`Budjournalen stemmer ikke: handling nr. ${bid.seq}`);
    expect(result.text).toContain('Hashen stemmer ikke med handlingen');
    await page.close();
  });

  it('rewritten with every hash worked out anew: it fails on the server’s signature of that link', async () => {
    const rewritten = structuredClone(chain);
    const bid = rewritten.acts.find((l) => l.act.amount === 4_250_000) as Link;
    bid.act.amount = 4_150_000;
    let prevHash = GENESIS_HASH;
    for (const link of rewritten.acts) {
      link.prevHash = prevHash;
      link.hash = sha256Hex(prevHash + canonicalJson(link.act as CanonicalValue));
      prevHash = link.hash;
    }
    rewritten.head = { ...rewritten.head, hash: prevHash };
    const { page } = await checkPage(1280);
    const result = await check(page, fileOf('omskrevet.json', rewritten));
    expect(result.verdict).toBe('broken');
    expect(result.text).toContain(`Budjournalen stemmer ikke: handling nr. ${bid.seq}`);
    expect(result.text).toContain('Lenken er ikke den Budrunde signerte');
    await page.close();
  });

  it('with the receipt line from the mail pasted whole, and a cut-off file told in words', async () => {
    let receiptLine = '';
    await expect
      .poll(
        async () => {
          const mails = await server.deps.db.select().from(mailOutbox);
          const mail = mails.find(
            (m) => m.to === 'bjorn@example.no' && m.subject.startsWith('Kvittering for bud'),
          );
          receiptLine =
            mail?.text.match(/Budjournalens kjede: handling nr\. \d+, hash [0-9a-f]{64}/)?.[0] ?? '';
          return receiptLine;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    const { page } = await checkPage(390);
    const seq = Number(receiptLine.match(/nr\. (\d+)/)?.[1]);
    const held = await check(page, fileOf('hel.json', chainText), receiptLine);
    expect(held.verdict).toBe('holds');
    expect(held.text).toContain(`Kvitteringen for handling nr. ${seq} finnes i kjeden med samme hash.`);
    const cut = await check(page, fileOf('avkuttet.json', chainText.slice(0, chainText.length / 2)));
    expect(cut.verdict).toBe('unreadable');
    expect(cut.text).toContain('Filen kan ikke leses');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the check page with a cut-off file');
    await page.close();
  });

  it('the journal dialog links to the page', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'bjorn@example.no', PASSWORD);
    await page
      .getByRole('button', { name: `Vis budjournal for ${TITLE}` })
      .first()
      .click();
    const link = page
      .getByRole('dialog', { name: `Budjournal – ${TITLE}` })
      .getByRole('link', { name: /kontroller budjournalen selv/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/kontroller-budjournal');
    await page.close();
  });
});

/**
 * npm run bench:client [-- --no-build] [-- --runs=N] [-- --no-lighthouse] [-- --only-photos]
 *
 * The client's weight and Lighthouse scores (decision 018): builds the product (npm run build), starts it on
 * an embedded database with the demo data, and then, in Debian's Chromium,
 *  - sums the JavaScript (gzipped) and CSS each main page loads before it shows its content;
 *  - runs Lighthouse's mobile preset on the landing page and on a signed-in round page;
 *  - and on a round page with 30 photos beside one with a single photo (decision 047: within 5 points).
 *    `--only-photos` runs this comparison alone.
 * Prints the figures beside the targets. Needs no PostgreSQL. Not part of npm test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH, launchChromium } from '../../tests/e2e/chromium';
import { apiLogIn } from '../../tests/e2e/round-with-photos';
import { type ClientPage, weighPages } from './client-pages';
import { galleryRows } from './gallery-pages';
import { lighthouseFigures } from './lighthouse-run';
import { freePort, type ServerProcess, startProcess, stopAll } from './server-process';
import { ROOT } from './servers';
import { progress, type Row, table } from './stats';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const noLighthouse = args.includes('--no-lighthouse');
const onlyPhotos = args.includes('--only-photos');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const DEMO_PASSWORD = 'budrunde123';
const JS_TARGET = 120 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function startDemo(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  return startProcess({
    name: 'budrunde (embedded database, demo data)',
    command: process.execPath,
    args: [join(ROOT, 'dist/server/main.js')],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SESSION_SECRET: 'client-bench-secret-client-bench-secret-0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAIL_TRANSPORT: 'outbox',
      SMS_PROVIDER: 'log',
    },
    cwd: dataDir,
    port,
    readyPath: '/api/health',
    readyTimeoutMs: 120_000,
  });
}

/** The session cookies of a demo user, as a `Cookie` header. */
const logIn = (baseUrl: string, email: string) => apiLogIn(baseUrl, email, DEMO_PASSWORD);

/** The first open round the signed-in bidder sees, with the text its page shows once loaded. */
async function firstRound(baseUrl: string, cookie: string): Promise<{ id: string; title: string }> {
  const response = await fetch(`${baseUrl}/api/bid-rounds/active`, { headers: { cookie } });
  const rounds = (await response.json()) as { id: string; property: { title: string } }[];
  const round = rounds[0];
  if (!round) throw new Error('the demo data has no open round');
  return { id: round.id, title: round.property.title };
}

const summaryLine = () =>
  `${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, 1-minute load ${os.loadavg()[0]?.toFixed(2)}\n` +
  `Lighthouse: mobile preset (simulated slow 4G, 4× CPU), median of ${runs} runs by performance score.\n`;

async function main(): Promise<number> {
  if (!noBuild) {
    progress('building the product (npm run build)');
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'budrunde-client-bench-'));
  try {
    const server = await startDemo(dataDir);
    const bidder = await logIn(server.baseUrl, 'ola@budrunde.no');
    if (onlyPhotos) {
      const seller = await logIn(server.baseUrl, 'selger@budrunde.no');
      const rows = await galleryRows(server.baseUrl, { seller, bidder }, runs);
      process.stdout.write(`\nBudrunde client benchmark, photos only, ${summaryLine()}${table(rows)}\n`);
      return rows.some((row) => row.met === false) ? 1 : 0;
    }
    const admin = await logIn(server.baseUrl, 'admin@budrunde.no');
    const round = await firstRound(server.baseUrl, bidder);
    const roundPath = `/budrunder/${round.id}`;
    const pages: ClientPage[] = [
      { name: 'Landing page (visitor)', path: '/', readyText: round.title },
      { name: 'Rounds page (signed in)', path: '/', cookie: bidder, readyText: round.title },
      {
        name: 'Round page (signed in)',
        path: roundPath,
        cookie: bidder,
        readyText: `Budrunde: ${round.title}`,
      },
      { name: 'Static page (visitor)', path: '/how-it-works', readyText: 'Slik fungerer det' },
      { name: 'Admin panel', path: '/admin', cookie: admin, readyText: 'Admin Panel' },
    ];

    progress('weighing the pages in Chromium');
    const browser = await launchChromium();
    const weights = await weighPages(browser, server.baseUrl, pages).finally(() => browser.close());

    const rows: Row[] = weights.map((w) => ({
      figure: `JavaScript, ${w.name}`,
      result: `${kb(w.jsGzip)} gzipped in ${w.jsFiles} files (${kb(w.jsTransferred)} sent); CSS ${kb(w.cssGzip)} gzipped`,
      target: w.name.startsWith('Landing') ? '≤ 120 KB' : '–',
      met: w.name.startsWith('Landing') ? w.jsGzip <= JS_TARGET : null,
    }));

    const audited = [
      ['landing page (visitor)', '/', undefined],
      ['round page (signed in)', roundPath, bidder],
    ] as const;
    for (const [name, path, cookie] of noLighthouse ? [] : audited) {
      progress(`Lighthouse, ${name}, ${runs} runs`);
      const figures = await lighthouseFigures(`${server.baseUrl}${path}`, {
        chromiumPath: CHROMIUM_PATH,
        cookie,
        runs,
      });
      rows.push({
        figure: `Lighthouse performance, ${name}`,
        result: `${figures.performance} (FCP ${ms(figures.fcpMs)}, LCP ${ms(figures.lcpMs)}, TBT ${ms(figures.tbtMs)}, CLS ${figures.cls.toFixed(3)}, SI ${ms(figures.speedIndexMs)}); runs ${figures.allScores.join(', ')}${figures.failedRuns.length ? ` (and ${figures.failedRuns.length} failed in Lighthouse: ${figures.failedRuns.join(', ')})` : ''}; CPU benchmarkIndex ${Math.round(figures.benchmarkIndex)}${figures.shifted.length ? `; shifted: ${figures.shifted.join('; ')}` : ''}`,
        target: '≥ 95',
        met: figures.performance >= 95,
      });
      rows.push({
        figure: `Lighthouse accessibility, ${name}`,
        result: `${figures.accessibility}${figures.failedA11y.length ? ` (failed: ${figures.failedA11y.join(', ')})` : ''}`,
        target: '100',
        met: figures.accessibility === 100,
      });
      rows.push({
        figure: `Lighthouse best practices, ${name}`,
        result: `${figures.bestPractices}${figures.failedBestPractices.length ? ` (failed: ${figures.failedBestPractices.join(', ')})` : ''}`,
        target: '–',
        met: null,
      });
    }
    if (!noLighthouse) {
      const seller = await logIn(server.baseUrl, 'selger@budrunde.no');
      rows.push(...(await galleryRows(server.baseUrl, { seller, bidder }, runs)));
    }

    // The two pages Lighthouse audits: what each loads, largest first.
    const details = [weights[0], weights[2]]
      .map((page) =>
        page
          ? `\n${page.name}, JavaScript largest first (gzipped):\n${page.scripts.map((s) => `  ${kb(s.gzip).padStart(9)}  ${s.file}`).join('\n')}\n`
          : '',
      )
      .join('');
    process.stdout.write(`\nBudrunde client benchmark, ${summaryLine()}${table(rows)}\n${details}`);
    return rows.some((row) => row.met === false) ? 1 : 0;
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  progress(`client bench failed: ${(error as Error).stack ?? String(error)}`);
}
process.exit(code);

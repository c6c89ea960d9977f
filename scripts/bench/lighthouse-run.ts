import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Accessibility audits that failed, by id with the first element each names, so that a score under 100 says why. */
  failedA11y: string[];
  /** Best-practice audits that failed (a broken image's 404 shows up here as errors-in-console). */
  failedBestPractices: string[];
  /** The elements that moved most, when the layout shifted. */
  shifted: string[];
  /** Every run's performance score, lowest first: how far apart the runs were. */
  allScores: number[];
  /**
   * Runs in which Lighthouse itself failed (its `runtimeError`, such as NO_NAVSTART when Chromium's trace
   * misses the navigation), by code. They have no score, so they are left out, not counted as 0.
   */
  failedRuns: string[];
  /**
   * Lighthouse's measure of this machine's CPU speed (its `benchmarkIndex`), median over the runs. Lighthouse
   * simulates the 4× slower phone from the real CPU, so scores taken on a slower machine, or a busier one,
   * are lower: compare figures only at a similar index.
   */
  benchmarkIndex: number;
}

/**
 * Lighthouse's default configuration, which is the mobile preset (a Moto G Power's screen, slow 4G and a 4×
 * slower CPU, simulated), on Debian's Chromium: performance, accessibility and best practices. Lighthouse's scores vary
 * from run to run, so each page runs `runs` times and the run with the median performance score is reported.
 */
export async function lighthouseFigures(
  url: string,
  options: { chromiumPath: string; cookie?: string; runs: number },
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  const failedRuns: string[] = [];
  for (let i = 0; i < options.runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: options.chromiumPath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      // LIGHTHOUSE_REPORT_DIR: every run's full report, to open in Lighthouse's viewer or read with jq.
      if (REPORT_DIR) {
        const name = `${new URL(url).pathname.replaceAll('/', '_') || 'root'}-${i + 1}.json`;
        writeFileSync(join(REPORT_DIR, name), JSON.stringify(result.lhr));
      }
      if (result.lhr.runtimeError) {
        failedRuns.push(result.lhr.runtimeError.code);
        continue;
      }
      const { categories, audits } = result.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        speedIndexMs: numeric('speed-index'),
        failedA11y: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => `${ref.id}: ${firstNode(audits[ref.id]?.details)}`),
        failedBestPractices: (categories['best-practices']?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
        shifted: layoutShifts(audits['layout-shifts']?.details),
        allScores: [],
        failedRuns: [],
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      });
    } finally {
      chrome.kill();
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error(`no Lighthouse run gave a score (${failedRuns.join(', ')})`);
  const indexes = results.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  return {
    ...median,
    allScores: results.map((r) => r.performance),
    failedRuns,
    benchmarkIndex: indexes[Math.floor(indexes.length / 2)] ?? Number.NaN,
  };
}

type Details = { items?: { node?: { snippet?: string; selector?: string }; score?: number }[] } | undefined;

function firstNode(details: unknown): string {
  const node = (details as Details)?.items?.[0]?.node;
  return node?.snippet ?? node?.selector ?? 'no element named';
}

function layoutShifts(details: unknown): string[] {
  return ((details as Details)?.items ?? [])
    .slice(0, 3)
    .map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet ?? item.node?.selector ?? '?'}`);
}

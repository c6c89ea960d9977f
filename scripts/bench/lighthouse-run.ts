import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Accessibility audits that failed, by id, so that a score under 100 says why. */
  failedA11y: string[];
}

/**
 * Lighthouse's default configuration, which is the mobile preset (a Moto G Power's screen, slow 4G and a 4×
 * slower CPU, simulated), on Debian's Chromium, performance and accessibility only. Lighthouse's scores vary
 * from run to run, so each page runs `runs` times and the run with the median performance score is reported.
 */
export async function lighthouseFigures(
  url: string,
  options: { chromiumPath: string; cookie?: string; runs: number },
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
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
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        speedIndexMs: numeric('speed-index'),
        failedA11y: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      });
    } finally {
      chrome.kill();
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

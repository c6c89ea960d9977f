import { CHROMIUM_PATH, hasChromium } from './chromium';

/**
 * Browser tests need Chromium. Locally they are skipped with a loud warning when it is missing; under
 * CI=true a missing browser fails the run instead of passing silently.
 */
export function chromiumAvailable(): boolean {
  if (hasChromium()) return true;
  const message = `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI === 'true') throw new Error(`${message} Browser tests cannot be skipped in CI.`);
  console.warn(`\n!!!!!!!!!!\n!!! ${message}\n!!! THE BROWSER TESTS ARE SKIPPED.\n!!!!!!!!!!\n`);
  return false;
}

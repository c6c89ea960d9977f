import { afterEach, expect } from 'vitest';
import { pageFaults } from './chromium';

// Every browser test also checks that its pages hydrated the server's HTML and kept to the CSP (chromium.ts).
afterEach(() => {
  expect(pageFaults.splice(0), 'hydration errors or CSP violations in the browser').toEqual([]);
});
